/* One test per lexer corner of dcss-compat.md §1.3 (and §1.1/§1.4 rules),
 * success and failure, with exact chunks and exact messages. */
#include "tests.h"

#include <string.h>

#define MAIN(l, m) vf_t_chunk(l, m, VF_CHUNK_MAIN)
#define MAPC(l, m) vf_t_chunk(l, m, VF_CHUNK_MAP)

/* §1.3.1: MAP/ENDMAP in column 1; "\s" is a literal 's'. */
START_TEST(map_must_start_in_column_1)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\n  MAP\nx@\nENDMAP\nNAME: b\nMAP\n@\nENDMAP\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: MAP must start in "
                     "column 1");
    ck_assert_ptr_null(vf_desset_find(&l.set, "a"));
    vf_t_map(&l, "b");  /* the rest of the file still loads */
    vf_t_free(&l);
}
END_TEST

/* A number past int's range is an error at its line, not cast to int
 * (undefined; UBSan aborts the load). */
START_TEST(numbers_past_int_are_errors)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nORDER: 11111111111111111111111\nMAP\n@\nENDMAP\n"
                  "NAME: b\nCHANCE: 30000000%\nMAP\n@\nENDMAP\n"
                  "NAME: c\nWEIGHT: -3000000000\nMAP\n@\nENDMAP\n"
                  "NAME: d\nORDER: -5\nCHANCE: 2.5%\nMAP\n@\nENDMAP\n");
    ck_assert_uint_eq(l.errors, 3);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: ORDER: 1.11111e+22 "
                     "is out of range");
    ck_assert_str_eq(vf_t_msg(&l, 1), "t.des:7: map b: CHANCE: 3e+09 is out "
                     "of range");
    ck_assert_str_eq(vf_t_msg(&l, 2), "t.des:12: map c: WEIGHT: -3e+09 is "
                     "out of range");
    vf_t_map(&l, "d");
    vf_t_free(&l);
}
END_TEST

START_TEST(indented_endmap_is_a_map_line)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nMAP\nx@x\n ENDMAP\nNAME: b\nENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_uint_eq(l.set.nmaps, 1);  /* b was swallowed, as in the game */
    ck_assert_str_eq(MAPC(&l, "a"), " map(\"x@x\")\n map(\" ENDMAP\")\n"
                     " map(\"NAME: b\")");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:4: map a: warning: an indented "
                     "ENDMAP is a map line; ENDMAP must start in column 1");
    ck_assert_str_eq(vf_t_msg(&l, 1), "t.des:5: map a: warning: a NAME: line "
                     "inside MAP; is an ENDMAP missing above?");
    vf_t_free(&l);
}
END_TEST

START_TEST(s_prefix_and_trailing_blanks)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nsMAP \t\nENDMAPxyz\nx@\nssENDMAP   \n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAPC(&l, "a"), " map(\"ENDMAPxyz\")\n map(\"x@\")");
    vf_t_free(&l);
}
END_TEST

/* §1.3.2: map lines. */
START_TEST(blank_line_inside_map_is_an_error)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nMAP\nx@\n   \nxx\nENDMAP\nNAME: b\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:4: map a: blank line inside "
                     "MAP ... ENDMAP (every map line needs at least one "
                     "glyph)");
    vf_t_map(&l, "b");
    vf_t_free(&l);
}
END_TEST

START_TEST(map_lines_keep_leading_space_and_hash)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nMAP\n  x\"\\ \n# not a comment\nxxxxxxx@\n"
                  "ENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    /* Trailing blanks go, leading ones stay; quotes and backslashes are
     * escaped for Lua. */
    ck_assert_str_eq(MAPC(&l, "a"), " map(\"  x\\\"\\\\\")\n"
                     " map(\"# not a comment\")\n map(\"xxxxxxx@\")");
    ck_assert_int_eq(vf_t_map(&l, "a")->width, 15);
    ck_assert_int_eq(vf_t_map(&l, "a")->height, 3);
    vf_t_free(&l);
}
END_TEST

START_TEST(tab_ends_a_map_line)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nMAP\nx@x\tjunk\nENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAPC(&l, "a"), " map(\"x@x\")");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:3: map a: warning: TAB in a "
                     "map line: the rest of the line is ignored");
    vf_t_free(&l);
}
END_TEST

START_TEST(unterminated_map)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nMAP\nx@\nNAME: b\nTAGS: t\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 1), "t.des:2: map a: MAP block has no "
                     "ENDMAP");
    /* The scan resumes after MAP, so b still loads. */
    ck_assert_str_eq(MAIN(&l, "b"), " tags(\"t\")");
    vf_t_free(&l);
}
END_TEST

/* §1.3.3: Lua blocks end at the first line ending in }}. */
START_TEST(lua_block_closing_rules)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "NAME: a\n"
        "{{ foo() }}\n"        /* one line: text before }} is kept */
        "{{\n"
        "  x = 1\n"
        "\n"
        "  }}\n"               /* indented }}: one more blank line */
        "epilogue{{\n"
        "  y = '}} is fine here'\n"
        "}}\n"
        "veto {{ return false }}\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"), "  foo() \n\n   x = 1\n\n   ");
    ck_assert_str_eq(vf_t_chunk(&l, "a", VF_CHUNK_EPILOGUE),
                     "   y = '}} is fine here'");
    ck_assert_str_eq(vf_t_chunk(&l, "a", VF_CHUNK_VETO), "  return false ");
    vf_t_free(&l);
}
END_TEST

START_TEST(lua_line_ending_in_braces_ends_the_block)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\n{{\n  t = {a = {1}}\n  return t\n}}\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:4: map a: unexpected text "
                     "'return t'");
    vf_t_free(&l);

    /* As the last line it truncates the Lua, which then fails to compile
     * at its .des line. */
    vf_t_load(&l, "NAME: a\n\n{{\n  t = {a = {1}}\nMAP\n@\nENDMAP\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"), "   t = {a = {1");
    ck_assert_uint_eq(vf_des_compile(&l.set, &l.d, NULL), 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), VF_T_LUA(
        "t.des:4: map a: Lua error in the main chunk: '}' expected near "
        "'<eof>'", "t.des:4: map a: Lua error in the main chunk: '}' "
        "expected near <eof>"));
    vf_t_free(&l);
}
END_TEST

START_TEST(lua_blocks_do_not_nest)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\n{{\n{{\n  z = 1 }}\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"), " {{\n   z = 1 ");
    vf_t_free(&l);
}
END_TEST

START_TEST(unterminated_lua_block)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nvalidate {{\n  return true\nNAME: b\n"
                  "TAGS: t\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: Lua block validate{{ "
                     "is never closed: no later line ends in }}");
    ck_assert_str_eq(MAIN(&l, "b"), " tags(\"t\")");
    vf_t_free(&l);
}
END_TEST

START_TEST(block_kinds_outside_maps)
{
    vf_t_loaded l;
    vf_t_load(&l, "validate {{ return true }}\nNAME: a\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:1: validate {{ comes before any "
                     "NAME: line");
    vf_t_map(&l, "a");
    vf_t_free(&l);
}
END_TEST

/* §1.3.4: comments are whole lines only. */
START_TEST(no_trailing_comments)
{
    vf_t_loaded l;
    vf_t_load(&l, "  # indented comment\nNAME: a\n"
                  "KFEAT: x = altar_zin # not a comment\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"),
                     " kfeat(\"x = altar_zin # not a comment\")");
    vf_t_free(&l);

    vf_t_load(&l, "NAME: a\nTAGS: x # y\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: TAGS: unexpected '#' "
                     "(tags are words of letters, digits, '_' and '-')");
    vf_t_free(&l);
}
END_TEST

/* §1.3.5: continuation. */
START_TEST(continuation_join_rule)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "NAME: a\n"
        "KMONS: 1 = goblin /\\\n"
        "      kobold\n"                 /* "a /\" + "b" -> "a /b" */
        "KITEM: d = dagger / \\   \n"
        "   club\n"                      /* blanks before '\' are kept */
        "TAGS: one \\\n"
        "  two\n"
        "SUBST: a = bc\\\n"
        "  de, f = \\\n"
        "  gh\n"
        "MONS: rat, \\\n"
        "  bat\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"),
        " kmons(\"1 = goblin /kobold\")\n"
        "\n kitem(\"d = dagger / club\")\n"
        " tags(\"one\")\n tags(\"two\")\n"
        "\n subst(\"a = bcde\")\n subst(\"f = gh\")\n"
        " mons(\"rat\")\n mons(\"bat\")");
    /* A value carries the line it ends on, as the game's parser does. */
    ck_assert_int_eq(vf_t_map(&l, "a")->chunk[VF_CHUNK_MAIN].first, 3);
    vf_t_free(&l);
}
END_TEST

START_TEST(no_continuation_for_numbers)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nWEIGHT: 10, \\\n 5\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: WEIGHT: expected a "
                     "number at '\\'");
    vf_t_free(&l);

    /* In a ':' line the backslash is just Lua text. */
    vf_t_load(&l, "NAME: a\n: x = 1 \\\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"), "  x = 1 \\");
    vf_t_free(&l);
}
END_TEST

/* §1.3.6: list items are at least two characters. */
START_TEST(one_character_items)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nSHUFFLE: a\nNAME: b\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: SHUFFLE: item 'a' is "
                     "one character; list items need at least two");
    vf_t_map(&l, "b");
    vf_t_free(&l);

    vf_t_load(&l, "NAME: a\nSUBST: x = y, z\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: SUBST: item 'z' is "
                     "one character; list items need at least two");
    vf_t_free(&l);

    vf_t_load(&l, "NAME: a\nSUBST: x = \\\n y\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:3: map a: SUBST: item 'y' is "
                     "one character; list items need at least two");
    vf_t_free(&l);
}
END_TEST

START_TEST(list_shapes)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nSUBST:\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: SUBST: needs at least "
                     "one item");
    vf_t_free(&l);
    vf_t_load(&l, "NAME: a\nCOLOUR: x = red,\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: COLOUR: the list ends "
                     "with a comma");
    vf_t_free(&l);
    vf_t_load(&l, "NAME: a\nTILE: x = t1,, y = t2\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: TILE: empty item "
                     "before ','");
    vf_t_free(&l);
    /* ITEM: and MONS: may be empty; KMONS keeps its commas. */
    vf_t_load(&l, "NAME: a\nITEM:\nMONS:\nKMONS: 1 = rat, bat\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"), " kmons(\"1 = rat, bat\")");
    vf_t_free(&l);
}
END_TEST

/* §1.3.7: CHANCE/WEIGHT/ORDER numbers and depth qualifiers. */
START_TEST(lookahead_lines)
{
    vf_t_loaded l;
    /* The next token may be after comments and blank lines, the first map
     * row, or end of file (the line after the last newline). */
    vf_t_load(&l, "NAME: a\nWEIGHT: 5\n# c\n\nMAP\nx@\nENDMAP\n"
                  "NAME: b\nCHANCE: 2%\n");
    ck_assert_str_eq(MAIN(&l, "a"), " weight(5)");
    ck_assert_int_eq(vf_t_map(&l, "a")->chunk[VF_CHUNK_MAIN].first, 6);
    ck_assert_int_eq(vf_t_map(&l, "b")->chunk[VF_CHUNK_MAIN].first, 10);
    vf_t_free(&l);
}
END_TEST

START_TEST(chance_weight_order)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "NAME: a\n"
        "WEIGHT: 10 (D:2-, Elf), 1\n"
        "CHANCE: 5% (D:2-4), 0.5%, 200\n"
        "CHANCE:\n"
        "ORDER: 7\n");
    ck_assert_uint_eq(l.errors, 0);
    /* A bare last roll waits for the next token's line, as the game's
     * parser (one token of look-ahead) places it. */
    ck_assert_str_eq(MAIN(&l, "a"),
        " depth_weight(\"D:2-, Elf\", 10)\n"
        " weight(1) depth_chance(\"D:2-4\", 500) chance(50)\n"
        " chance(200)\n"
        " order(7)");
    vf_t_free(&l);

    vf_t_load(&l, "NAME: a\nWEIGHT:\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: WEIGHT: expected a "
                     "number at ''");
    vf_t_free(&l);
    vf_t_load(&l, "NAME: a\nORDER: x\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: ORDER: needs one "
                     "number");
    vf_t_free(&l);
}
END_TEST

/* §1.3.8 and §1.4: names, duplicates, headers outside maps. */
START_TEST(names)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: it's a-name!  \nNAME:\nTAGS: x\nNAME: it's a-name!\n"
                  "NAME: c\n");
    ck_assert_uint_eq(l.errors, 2);
    vf_t_map(&l, "it's a-name!");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map : NAME: has no name");
    /* A name twice stops the game: the error is the later map's, and
     * the set records it (run --changed-since may move it). */
    ck_assert_str_eq(vf_t_msg(&l, 1), "t.des:4: map it's a-name!: name "
                     "already used by the map at t.des:1: the game refuses "
                     "to start with a name loaded twice");
    ck_assert_uint_eq(l.d.n, 2);
    ck_assert_uint_eq(l.set.ndups, 1);
    ck_assert_str_eq(l.set.maps[l.set.dups[0].kept].name, "it's a-name!");
    ck_assert_int_eq(l.set.dups[0].line, 4);
    vf_t_map(&l, "c");
    ck_assert_uint_eq(l.set.nmaps, 2);
    vf_t_free(&l);
}
END_TEST

START_TEST(duplicate_names_across_files)
{
    vf_t_loaded l;
    vf_t_load_as(&l, "one.des", "NAME: a\n");
    vf_des_load_buffer(&l.set, "two.des", "\nNAME: a\n", 9, &l.d);
    /* Never the original's error: a new file cannot make it fail. */
    ck_assert_uint_eq(l.d.n, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "two.des:2: map a: name already used "
                     "by the map at one.des:1: the game refuses to start "
                     "with a name loaded twice");
    ck_assert_str_eq(l.set.files[vf_t_map(&l, "a")->file].path, "one.des");
    vf_t_free(&l);
}
END_TEST

START_TEST(headers_before_name)
{
    vf_t_loaded l;
    vf_t_load(&l, "TAGS: x\nMAP\nx\nENDMAP\nNAME: a\n");
    ck_assert_uint_eq(l.errors, 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:1: TAGS: comes before any NAME: "
                     "line");
    vf_t_map(&l, "a");
    vf_t_free(&l);
}
END_TEST

START_TEST(default_depth_per_map_and_file)
{
    vf_t_loaded l;
    vf_t_load(&l, "default-depth: D:1\nNAME: a\nNAME: b\ndefault-depth: "
                  "Lair\nNAME: c\n");
    ck_assert_str_eq(vf_t_map(&l, "a")->default_depth, "D:1");
    ck_assert_str_eq(vf_t_map(&l, "b")->default_depth, "D:1");
    ck_assert_str_eq(vf_t_map(&l, "c")->default_depth, "Lair");
    vf_des_load_buffer(&l.set, "u.des", "NAME: d\n", 8, &l.d);
    ck_assert_ptr_null(vf_t_map(&l, "d")->default_depth);
    vf_t_free(&l);

    /* default-depth ends the map before it. */
    vf_t_load(&l, "NAME: a\ndefault-depth: D:1\nTAGS: x\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:3: TAGS: comes before any NAME: "
                     "line");
    vf_t_free(&l);
}
END_TEST

START_TEST(global_prelude_collects_lua_outside_maps)
{
    vf_t_loaded l;
    vf_t_load(&l, ": a = 1\nlua {{\nb = 2\n}}\n{{ c = 3 }}\nNAME: m\n"
                  ": d = 4\n");
    ck_assert_str_eq(vf_sbuf_str(&l.set.files[0].prelude.text),
                     "  a = 1\n\n b = 2\n\n  c = 3 ");
    ck_assert_str_eq(MAIN(&l, "m"), "  d = 4");
    vf_t_free(&l);
}
END_TEST

/* §1.3.9: MARKER key split at parse time; SUBVAULT kept whole. */
START_TEST(marker_split)
{
    vf_t_loaded l;
    vf_t_load(&l,
        "NAME: a\n"
        "MARKER: = = lua:fog_machine { pow = 10 }\n"
        "MARKER: A : feat:altar_zin\n"
        "SUBVAULT: = : tar_mu_maze\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"),
        " lua_marker(\"=\", function ()   return fog_machine { pow = 10 } "
        "end)\n"
        " marker(\"A : feat:altar_zin\")\n"
        " subvault(\"= : tar_mu_maze\")");
    vf_t_free(&l);

    vf_t_load(&l, "NAME: a\nMARKER: AB = feat:x\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: MARKER: selector 'AB' "
                     "must be <= 1 characters in 'AB = feat:x'");
    vf_t_free(&l);
    vf_t_load(&l, "NAME: a\nMARKER: A\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: MARKER: malformed "
                     "declaration - must use = or : in 'A'");
    vf_t_free(&l);
}
END_TEST

/* §1.3.10: the colon is glued to the keyword; unknown keywords. */
START_TEST(keyword_recognition)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nTAGS : x\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: 'TAGS' needs its "
                     "colon right after it: 'TAGS:'");
    vf_t_free(&l);
    vf_t_load(&l, "NAME: a\nLFLAGS: no_tele\nNAME: b\n");
    ck_assert_str_eq(vf_t_msg(&l, 0), "t.des:2: map a: unknown keyword "
                     "'LFLAGS:'");
    vf_t_map(&l, "b");
    vf_t_free(&l);
    /* Indented keywords are fine; so are empty ARGUMENT values. */
    vf_t_load(&l, "NAME: a\n   ORIENT:\n\tDEPTH: D:1\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"), " orient(\"\")\n depth(\"D:1\")");
    ck_assert_ptr_null(vf_t_map(&l, "a")->orient);
    vf_t_free(&l);
}
END_TEST

START_TEST(welcome_generates_its_call)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nWELCOME: hello there\n");
    ck_assert_str_eq(MAIN(&l, "a"), " welcome(\"hello there\")");
    ck_assert_uint_eq(vf_t_map(&l, "a")->calls[VF_CALL_WELCOME], 1);
    vf_t_free(&l);
}
END_TEST

/* §1.3.11: no MAP block, and headers after MAP. */
START_TEST(map_block_optional_and_not_last)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\n: map(\"x@x\")\nNAME: b\nMAP\nx@\nENDMAP\n"
                  "TAGS: late\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_int_eq(vf_t_map(&l, "a")->height, 0);
    ck_assert_str_eq(MAIN(&l, "b"), " tags(\"late\")");
    vf_t_free(&l);
}
END_TEST

START_TEST(crlf_and_nbsp)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\r\nTAGS: x y\r\n{{\r\n z = 1\r\n}}\r\nMAP\r\n"
                  "x\xc2\xa0@\r\nENDMAP\r\n");
    ck_assert_uint_eq(l.errors, 0);
    ck_assert_str_eq(MAIN(&l, "a"), " tags(\"x\") tags(\"y\")\n\n  z = 1");
    ck_assert_str_eq(MAPC(&l, "a"), " map(\"x\xc2\xa0@\")");
    ck_assert_int_eq(vf_t_map(&l, "a")->width, 4);  /* bytes, as the game */
    vf_t_free(&l);
}
END_TEST

START_TEST(lua_syntax_error_at_des_line)
{
    vf_t_loaded l;
    vf_t_load(&l, "NAME: a\nTAGS: x\n\n: if x then\n: y = 1\nMAP\n@\nENDMAP\n");
    ck_assert_uint_eq(vf_des_compile(&l.set, &l.d, NULL), 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), VF_T_LUA(
        "t.des:5: map a: Lua error in the main chunk: 'end' expected (to "
        "close 'if' at line 4) near '<eof>'", "t.des:5: map a: Lua error in "
        "the main chunk: 'end' expected (to close 'if' at line 4) near "
        "<eof>"));
    vf_t_free(&l);

    vf_t_load(&l, "\n\n{{\nlocal = 1\n}}\nNAME: a\n");
    ck_assert_uint_eq(vf_des_compile(&l.set, &l.d, NULL), 1);
    ck_assert_str_eq(vf_t_msg(&l, 0), VF_T_LUA(
        "t.des:4: Lua error in the global prelude chunk: '<name>' expected "
        "near '='", "t.des:4: Lua error in the global prelude chunk: <name> "
        "expected near '='"));
    vf_t_free(&l);
}
END_TEST

Suite *vf_test_lexer_suite(void)
{
    Suite *s = suite_create("lexer");
    TCase *tc = tcase_create("corners");
    tcase_add_test(tc, map_must_start_in_column_1);
    tcase_add_test(tc, numbers_past_int_are_errors);
    tcase_add_test(tc, indented_endmap_is_a_map_line);
    tcase_add_test(tc, s_prefix_and_trailing_blanks);
    tcase_add_test(tc, blank_line_inside_map_is_an_error);
    tcase_add_test(tc, map_lines_keep_leading_space_and_hash);
    tcase_add_test(tc, tab_ends_a_map_line);
    tcase_add_test(tc, unterminated_map);
    tcase_add_test(tc, lua_block_closing_rules);
    tcase_add_test(tc, lua_line_ending_in_braces_ends_the_block);
    tcase_add_test(tc, lua_blocks_do_not_nest);
    tcase_add_test(tc, unterminated_lua_block);
    tcase_add_test(tc, block_kinds_outside_maps);
    tcase_add_test(tc, no_trailing_comments);
    tcase_add_test(tc, continuation_join_rule);
    tcase_add_test(tc, no_continuation_for_numbers);
    tcase_add_test(tc, one_character_items);
    tcase_add_test(tc, list_shapes);
    tcase_add_test(tc, chance_weight_order);
    tcase_add_test(tc, lookahead_lines);
    tcase_add_test(tc, names);
    tcase_add_test(tc, duplicate_names_across_files);
    tcase_add_test(tc, headers_before_name);
    tcase_add_test(tc, default_depth_per_map_and_file);
    tcase_add_test(tc, global_prelude_collects_lua_outside_maps);
    tcase_add_test(tc, marker_split);
    tcase_add_test(tc, keyword_recognition);
    tcase_add_test(tc, welcome_generates_its_call);
    tcase_add_test(tc, map_block_optional_and_not_last);
    tcase_add_test(tc, crlf_and_nbsp);
    tcase_add_test(tc, lua_syntax_error_at_des_line);
    suite_add_tcase(s, tc);
    return s;
}
