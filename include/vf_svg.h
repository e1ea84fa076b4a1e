/* vf_svg: pictures (vf_pic.h) as inline SVG for the HTML report.
 *
 * A picture is one <svg> in cell units: a <path> per cell class holding a
 * rectangle per run of same cells in a row (the size grows with the
 * runs, not the cells), then each finding as a group: its cells tinted,
 * their boundary outlined, its letter at its first cell and its kinds
 * (its label up to ':') as the group's <title>. Colours come from the
 * classes vf_svg_style writes, so the page holds them once. */
#ifndef VF_SVG_H
#define VF_SVG_H

#include "vf_pic.h"
#include "vf_sbuf.h"

/* The CSS rules the pictures and the legend use. */
void vf_svg_style(vf_sbuf *b);

/* The legend: a swatch and a name per cell class, and the findings'
 * mark, as an HTML list. */
void vf_svg_legend(vf_sbuf *b);

/* Appends p as an <svg> element, cell pixels a side; title (escaped
 * here) names it for readers and screen readers. */
void vf_svg_pic(vf_sbuf *b, const vf_pic *p, int cell, const char *title);

#endif
