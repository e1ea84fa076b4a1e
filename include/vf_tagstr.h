/* vf_tagstr: the game's "tag words in a string" helpers (libutil.cc
 * strip_tag, strip_tag_prefix, strip_number_tag; mapdef.cc find_weight).
 *
 * Specs such as "altar_zin w:5 mimic:3" or "general shop count:7" carry
 * options as space-separated words inside free text; the game removes each
 * option from the string as it reads it, and what is left is the value.
 * These functions do the same, in place, on a NUL-terminated buffer the
 * caller owns: every one may shorten the string, none lengthens it. Their
 * edge cases are the game's (see each), because specs in the wild rely on
 * them. */
#ifndef VF_TAGSTR_H
#define VF_TAGSTR_H

#include <stddef.h>

#include "vf_sbuf.h"

/* Removes leading and trailing " \t\n\r" (the game's trim_string). */
void vf_tag_trim(char *s);

/* The game's parse_int: the string is a decimal int by strtol's rules
 * (leading blanks and a sign are fine, anything after the digits is not).
 * Returns 1 and sets *out, or 0. */
int vf_tag_parse_int(const char *s, int *out);

/* strip_tag: removes the word (or phrase) tag when s is exactly tag, holds
 * " tag ", starts with "tag " or ends with " tag" (that last test looks only
 * at the first " tag" in s, as the game does), then trims. Returns 1 when
 * it removed it. */
int vf_tag_strip(char *s, const char *tag);

/* strip_tag_prefix: finds the first "prefix" at the start of s or after a
 * blank, removes it and the text up to the next space (and that space),
 * trims, and puts the text after the prefix in arg (replacing its
 * contents). Returns 1 when the prefix was found, even if nothing followed
 * it (arg is then empty, and the game treats that as not found). */
int vf_tag_strip_prefix(char *s, const char *prefix, vf_sbuf *arg);

/* strip_number_tag: vf_tag_strip_prefix, then the argument as an int.
 * Returns 1 with *out set when there was a number; 0 when the prefix was
 * missing, empty or not a number (the word is removed all the same). */
int vf_tag_strip_number(char *s, const char *prefix, int *out);

/* find_weight: "weight:N", else "w:N". Returns 1 with *out set, or 0. */
int vf_tag_find_weight(char *s, int *out);

/* One entry of a "/"-separated weighted list, in place (the game's
 * _parse_weighted_str step): lower-cases it, then takes "weight:N" or
 * "w:N" anywhere, else a ":N" suffix, as *weight (default 10), leaving
 * the value trimmed. Returns 0, or -1 when a ":N" suffix is not a
 * positive int (the game's "Invalid weight specifier"). */
int vf_tag_weight_entry(char *v, int *weight);

#endif
