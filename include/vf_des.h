/* vf_des: the .des loader.
 *
 * Reads vault files exactly as the game's level compiler does (dcss-compat.md
 * §1-§2) and turns each map into a definition: its name and place, and the
 * Lua chunks the game would run for it (prelude, mapchunk, main, validate,
 * veto, epilogue), assembled so that chunk line N is .des line
 * first + N - 1. Each file keeps its global prelude (Lua before its first
 * NAME:).
 *
 * Bad input never stops a load: each problem becomes one message in a
 * vf_diag ("file:line: map NAME: what is wrong"), the map it is in is left
 * out, and parsing resumes at the next NAME: line. Nothing here touches
 * global state: any number of sets can be loaded side by side. */
#ifndef VF_DES_H
#define VF_DES_H

#include <stddef.h>

#include "vf_diag.h"
#include "vf_gamever.h"
#include "vf_sbuf.h"

/* Longest physical line accepted; longer ones are reported, not parsed. */
#define VF_DES_MAX_LINE 65536
/* Largest .des file read. */
#define VF_DES_MAX_FILE (64u << 20)

typedef enum vf_chunk_kind {
    VF_CHUNK_PRELUDE,   /* prelude {{ }} */
    VF_CHUNK_MAP,       /* one map("...") per MAP line */
    VF_CHUNK_MAIN,      /* header calls and {{ }}, lua {{ }}, ':' lines */
    VF_CHUNK_VALIDATE,  /* validate {{ }} */
    VF_CHUNK_VETO,      /* veto {{ }} */
    VF_CHUNK_EPILOGUE,  /* epilogue {{ }} */
    VF_CHUNK_KINDS
} vf_chunk_kind;

/* "prelude", "mapchunk", "main", "validate", "veto", "epilogue" */
extern const char *const vf_chunk_names[VF_CHUNK_KINDS];

typedef struct vf_chunk {
    vf_sbuf text;   /* the Lua source; empty when nothing was added */
    int first;      /* .des line of the first piece; 0 = no piece yet */
    int last;       /* .des line of the last piece */
} vf_chunk;

/* Adds one piece the way the game does: prefixed by a space, joined to the
 * previous piece when on the same line, else preceded by enough newlines
 * that the chunk's line numbers follow the file's. */
void vf_chunk_add(vf_chunk *c, int line, const char *piece, size_t n);
/* True when the chunk holds nothing but blanks (the game's "empty"). */
int vf_chunk_empty(const vf_chunk *c);
void vf_chunk_free(vf_chunk *c);

/* The Lua calls header keywords generate, for counting. */
#define VF_CALL_LIST(X) \
    X(TAGS, "tags") X(DEPTH, "depth") X(PLACE, "place") \
    X(ORIENT, "orient") X(CHANCE, "chance") X(DEPTH_CHANCE, "depth_chance") \
    X(WEIGHT, "weight") X(DEPTH_WEIGHT, "depth_weight") X(DESC, "desc") \
    X(ORDER, "order") X(WELCOME, "welcome") X(SUBST, "subst") \
    X(NSUBST, "nsubst") X(SHUFFLE, "shuffle") X(CLEAR, "clear") \
    X(COLOUR, "colour") X(FTILE, "ftile") X(RTILE, "rtile") \
    X(TILE, "tile") X(FHEIGHT, "fheight") X(MONS, "mons") \
    X(ITEM, "item") X(KFEAT, "kfeat") X(KMONS, "kmons") \
    X(KITEM, "kitem") X(KMASK, "kmask") X(KPROP, "kprop") \
    X(MARKER, "marker") X(LUA_MARKER, "lua_marker") \
    X(SUBVAULT, "subvault") X(LFLOORCOL, "lfloorcol") \
    X(LROCKCOL, "lrockcol") X(LFLOORTILE, "lfloortile") \
    X(LROCKTILE, "lrocktile") X(MAP, "map")

typedef enum vf_call {
#define VF_CALL_ENUM(id, name) VF_CALL_##id,
    VF_CALL_LIST(VF_CALL_ENUM)
#undef VF_CALL_ENUM
    VF_CALL_KINDS
} vf_call;

extern const char *const vf_call_names[VF_CALL_KINDS];

typedef struct vf_mapdef {
    char *name;
    size_t file;              /* index into vf_desset.files */
    int line;                 /* line of its NAME: */
    vf_chunk chunk[VF_CHUNK_KINDS];
    char *default_depth;      /* file's default-depth in force, or NULL */
    /* As written in the headers, for listing; Lua may change them later. */
    char *orient;             /* last ORIENT: value, or NULL */
    char *tags;               /* words of every TAGS: line, space-separated */
    int width, height;        /* raw MAP block; 0 x 0 when there is none */
    unsigned calls[VF_CALL_KINDS]; /* header-generated calls, by kind */
} vf_mapdef;

typedef struct vf_desfile {
    char *path;
    vf_chunk prelude;         /* the file's global prelude */
    size_t first_map, nmaps;  /* its maps: vf_desset.maps[first_map ...] */
    size_t errors;            /* problems found in this file */
} vf_desfile;

/* A map dropped for a name an earlier map took: the game refuses to
 * start (levcomp, "Map named '%s' already loaded"). The error is the
 * later map's, at file:line; kept is the earlier map's index. */
typedef struct vf_desdup {
    size_t kept;
    size_t file;
    int line;
} vf_desdup;

typedef struct vf_desset {
    vf_desfile *files;
    size_t nfiles, files_cap;
    vf_mapdef *maps;          /* every map that loaded, in load order */
    size_t nmaps, maps_cap;
    size_t *index;            /* name hash: map index + 1, 0 = free */
    size_t index_cap;
    vf_desdup *dups;          /* names loaded twice, in load order */
    size_t ndups;
    const vf_game *game;      /* the game the maps are read as (borrowed;
                                 NULL, as vf_desset_init leaves it:
                                 trunk); set before loading */
} vf_desset;

void vf_desset_init(vf_desset *set);
void vf_desset_free(vf_desset *set);

/* Parses one file's text (path is used for messages). Returns the number of
 * errors found; the maps that parsed are added either way. */
size_t vf_des_load_buffer(vf_desset *set, const char *path, const char *text,
                          size_t len, vf_diag *d);
/* Reads and parses one file. Returns the number of errors. */
size_t vf_des_load_file(vf_desset *set, const char *path, vf_diag *d);
/* Loads every --des argument: files as given, directories walked for .des
 * files in the game's order. Returns the number of errors. */
size_t vf_des_load_paths(vf_desset *set, char *const *paths, size_t n,
                         vf_diag *d);

/* Every tag a SUBVAULT line or a subvault("KEYS : tags") call with a
 * literal string asks for, in any map or prelude of set: appended to out
 * (a vf_strlist of vf_fs.h), each once, owned by out. Calls that build
 * their argument at run time are not seen. */
struct vf_strlist;
void vf_desset_subvault_tags(const vf_desset *set, struct vf_strlist *out);
/* The same for one map: the tags its own chunks and its file's prelude
 * ask for (the maps it can draw as subvaults carry one of them). */
void vf_mapdef_subvault_tags(const vf_desset *set, const vf_mapdef *m,
                             struct vf_strlist *out);

/* The map with this name, or NULL. Borrowed; valid until the set changes. */
const vf_mapdef *vf_desset_find(const vf_desset *set, const char *name);

/* Compiles every chunk of every file and map with luaL_loadbuffer (nothing
 * is run). A syntax error is reported at its .des line. Returns the number
 * of errors; *chunks (if not NULL) receives the number compiled. */
size_t vf_des_compile(const vf_desset *set, vf_diag *d, size_t *chunks);

#endif
