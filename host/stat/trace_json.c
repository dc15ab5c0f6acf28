/*
 * stat/trace_json.c - the trace-event JSON of stat -I. The format is
 * Google's "Trace Event Format" document (counter events: "ph":"C",
 * "name", "ts" in microseconds, "pid", and "args" holding the series'
 * values), which Perfetto's UI and chrome://tracing read.
 */
#include "stat/trace_json.h"

#include "base/json_str.h"

void trace_json_begin(FILE *f, const char *process)
{
    fputs("{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n", f);
    /* The process track's name: a metadata event ("ph":"M"). */
    fputs("{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"args\": "
          "{\"name\": ", f);
    json_write_str(f, process);
    fputs("}}", f);
}

void trace_json_interval(FILE *f, int n, const char *const *label,
                         const int *supported, const struct stat_interval *iv,
                         double start_s)
{
    for (int i = 0; i < n; i++) {
        if (!supported[i] || !iv->counted[i])
            continue;
        fputs(",\n{\"name\": ", f);
        json_write_str(f, label[i]);
        fprintf(f, ", \"ph\": \"C\", \"ts\": %.3f, \"pid\": 1, \"args\": {",
                start_s * 1e6);
        json_write_str(f, label[i]);
        fprintf(f, ": %llu}}", (unsigned long long)iv->delta[i]);
    }
}

void trace_json_end(FILE *f)
{
    fputs("\n]}\n", f);
}
