/* vaultfuzz entry point. */
#include "cli.h"

int main(int argc, char **argv)
{
    return vf_cli_main(argc, argv, stdout, stderr);
}
