/*
 * cmd/commands.c - the commands pmuctl knows, in the order of its help.
 */
#include "cmd/commands.h"

#include <stddef.h>

const struct cli_command *const pmuctl_commands[] = {
    &cmd_list, &cmd_info, &cmd_set, &cmd_freeze, &cmd_unfreeze, &cmd_reset,
    &cmd_read, &cmd_measure, &cmd_stat, &cmd_proxy, &cmd_record, &cmd_report,
    &cmd_compare, &cmd_plot, NULL,
};
