/* The version of vaultfuzz: printed by --version, recorded in every
 * report (run.txt, summary), compared by `vaultfuzz compare`. Raised by
 * hand with each change to what a run finds or reports. */
#ifndef VF_VERSION_H
#define VF_VERSION_H

#define VF_VERSION "0.13.1"

#endif
