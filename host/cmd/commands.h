/*
 * cmd/commands.h - the pmuctl commands, one file each in cmd/, each
 * declared there as a struct cli_command (cli.h): its options and their
 * help, its arguments, whether it needs a target, its run function. Each
 * run returns an exit status and prints its own one-line error.
 */
#ifndef PMUCTL_CMD_COMMANDS_H
#define PMUCTL_CMD_COMMANDS_H

#include "cli.h"
#include "session/target.h"

extern const struct cli_command cmd_list, cmd_info, cmd_set, cmd_freeze,
    cmd_unfreeze, cmd_reset, cmd_read, cmd_measure, cmd_stat, cmd_proxy, cmd_record,
    cmd_report, cmd_compare, cmd_plot;

/* Every command, in the order pmuctl --help lists them; NULL at the end. */
extern const struct cli_command *const pmuctl_commands[];

#endif
