/* vaultfuzz entry point. */
#include "cli.h"

int main(int argc, char **argv)
{
    vf_cli_lua_allow_handover(argc, argv);
    return vf_cli_main(argc, argv, stdout, stderr);
}
