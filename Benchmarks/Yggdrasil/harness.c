/*
 * Measures one Unleash case through Yggdrasil's C interface (libyggdrasilffi, the engine inside
 * Unleash's other SDKs): one engine, loaded once with a toggles document, then the enabled check
 * (or the variant call) made the way the SDKs make it, over and over.
 *
 * Built and run by run.sh beside it, which gives it the case; see README.md.
 *
 * Usage: harness [options] NAME KIND TOGGLE CONTEXT STATE_FILE EXPECTED
 *   KIND        enabled (check_enabled) or variant (check_variant)
 *   TOGGLE      the toggle's name
 *   CONTEXT     the context as JSON, passed to every call (built once, outside the loop)
 *   STATE_FILE  a file holding the toggles document (Unleash's /api/client/features)
 *   EXPECTED    the answer the client specification expects, "-" for none: for enabled,
 *               true or false; for variant, "NAME enabled=BOOL feature_enabled=BOOL"
 * Options:
 *   --sdk-calls       also make the calls an SDK's isEnabled/getVariant makes after the check:
 *                     should_emit_impression_event and count_toggle (and count_variant)
 *   --batches B       timed batches (default 15)
 *   --batch-size S    evaluations per batch (default 20000; one more batch warms up)
 *   --loop N          no timing: check the answer, then make N evaluations inside run_loop
 *                     (for valgrind --toggle-collect=run_loop)
 *
 * Prints one tab-separated line: NAME, ns per evaluation (p50 over the batches; "-" with
 * --loop), the answer, and "spec" (it matches EXPECTED) or "no spec test". Exits 1, printing
 * nothing on stdout, when the answer differs from EXPECTED; 2 when the case cannot be set up.
 * `harness --version` prints the version of Yggdrasil's core in the library.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The few functions of libyggdrasilffi used here (its exports, as its Python wrapper
 * yggdrasil_engine/engine.py calls them). Every char * returned is a JSON response
 * {"status_code":"Ok"|"NotFound"|"Error","value":…,"error_message":…}, freed by free_response. */
extern void *new_engine(void);
extern void free_engine(void *engine);
extern char *take_state(void *engine, const char *toggles_json);
extern char *check_enabled(void *engine, const char *toggle, const char *context_json,
                           const char *custom_strategy_results_json);
extern char *check_variant(void *engine, const char *toggle, const char *context_json,
                           const char *custom_strategy_results_json);
extern char *should_emit_impression_event(void *engine, const char *toggle);
extern char *count_toggle(void *engine, const char *toggle, bool enabled);
extern char *count_variant(void *engine, const char *toggle, const char *variant);
extern void free_response(char *response);
extern const char *get_core_version(void);

/* The results of custom strategies, which the SDKs evaluate themselves and pass along: none of
 * these toggles has one, so the SDKs pass an empty object. */
static const char no_custom_strategy_results[] = "{}";

enum kind { ENABLED, VARIANT };

struct engine_case {
    void *engine;
    enum kind kind;
    const char *toggle;
    const char *context;
    bool sdk_calls;
};

/* What one call answered. */
struct answer {
    bool found;            /* status_code Ok (NotFound: the engine does not know the toggle) */
    bool enabled;          /* enabled: the value; variant: the variant's "enabled" */
    bool feature_enabled;  /* variant only */
    char variant[128];     /* variant only: its name */
};

/* The start of every response of a toggle the engine knows; its value follows. */
static const char ok[] = "{\"status_code\":\"Ok\",\"value\":";
#define OK_LENGTH (sizeof ok - 1)
static const char not_found[] = "{\"status_code\":\"NotFound\"";

/* Reads an answer out of a check_enabled or check_variant response, as cheaply as its fixed
 * layout allows (serde_json's compact output, fields in declaration order):
 * {"status_code":"Ok","value":true,…} or, for a variant,
 * {"status_code":"Ok","value":{"name":"…","payload":…,"enabled":B,"featureEnabled":B},…}. */
static inline void read_answer(enum kind kind, const char *response, struct answer *answer) {
    answer->found = memcmp(response, ok, OK_LENGTH) == 0;
    answer->enabled = false;
    answer->feature_enabled = false;
    answer->variant[0] = '\0';
    if (!answer->found) return;
    const char *value = response + OK_LENGTH;
    if (kind == ENABLED) {
        answer->enabled = *value == 't';
        return;
    }
    static const char name[] = "{\"name\":\"";
    if (strncmp(value, name, sizeof name - 1) == 0) {
        value += sizeof name - 1;
        size_t n = 0;
        while (value[n] != '"' && value[n] != '\0' && n + 1 < sizeof answer->variant) {
            answer->variant[n] = value[n];
            n++;
        }
        answer->variant[n] = '\0';
        value += n;
    }
    const char *enabled = strstr(value, "\"enabled\":");
    answer->enabled = enabled && enabled[10] == 't';
    const char *feature = strstr(value, "\"featureEnabled\":");
    answer->feature_enabled = feature && feature[17] == 't';
}

/* One evaluation, as an SDK makes it: the check, its answer read and the response freed; with
 * sdk_calls, then the impression question and the metrics counts of the SDKs' isEnabled and
 * getVariant. */
static inline void evaluate(const struct engine_case *c, struct answer *answer) {
    char *response = c->kind == ENABLED
        ? check_enabled(c->engine, c->toggle, c->context, no_custom_strategy_results)
        : check_variant(c->engine, c->toggle, c->context, no_custom_strategy_results);
    read_answer(c->kind, response, answer);
    free_response(response);
    if (!c->sdk_calls) return;
    response = should_emit_impression_event(c->engine, c->toggle);
    free_response(response);
    if (c->kind == ENABLED) {
        free_response(count_toggle(c->engine, c->toggle, answer->enabled));
    } else {
        free_response(count_toggle(c->engine, c->toggle, answer->feature_enabled));
        free_response(count_variant(c->engine, c->toggle,
                                    answer->variant[0] ? answer->variant : "disabled"));
    }
}

static volatile unsigned sink;

/* The measured loop (callgrind collects only inside it). */
__attribute__((noinline)) void run_loop(const struct engine_case *c, long n) {
    struct answer answer;
    unsigned seen = 0;
    for (long i = 0; i < n; i++) {
        evaluate(c, &answer);
        seen += answer.enabled;
    }
    sink = seen;
}

/* The answer in the form EXPECTED takes. */
static void describe(enum kind kind, const struct answer *a, char *out, size_t size) {
    if (kind == ENABLED)
        snprintf(out, size, "%s", a->enabled ? "true" : "false");
    else
        snprintf(out, size, "%s enabled=%s feature_enabled=%s", a->found ? a->variant : "disabled",
                 a->enabled ? "true" : "false", a->feature_enabled ? "true" : "false");
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) { perror(path); exit(2); }
    text[size] = '\0';
    fclose(f);
    return text;
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void usage(void) {
    fprintf(stderr, "usage: harness [--sdk-calls] [--batches B] [--batch-size S] [--loop N] "
                    "NAME enabled|variant TOGGLE CONTEXT STATE_FILE EXPECTED\n"
                    "       harness --version\n");
    exit(2);
}

int main(int argc, char **argv) {
    bool sdk_calls = false;
    long batches = 15, batch_size = 20000, loop = -1;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--version") == 0) { printf("%s\n", get_core_version()); return 0; }
        else if (strcmp(argv[i], "--sdk-calls") == 0) sdk_calls = true;
        else if (strcmp(argv[i], "--batches") == 0 && i + 1 < argc) batches = atol(argv[++i]);
        else if (strcmp(argv[i], "--batch-size") == 0 && i + 1 < argc) batch_size = atol(argv[++i]);
        else if (strcmp(argv[i], "--loop") == 0 && i + 1 < argc) loop = atol(argv[++i]);
        else usage();
    }
    if (argc - i != 6 || batches < 1 || batch_size < 1) usage();
    const char *name = argv[i], *kind_name = argv[i + 1], *expected = argv[i + 5];
    struct engine_case c = {
        .engine = new_engine(),
        .toggle = argv[i + 2],
        .context = argv[i + 3],
        .sdk_calls = sdk_calls,
    };
    if (strcmp(kind_name, "enabled") == 0) c.kind = ENABLED;
    else if (strcmp(kind_name, "variant") == 0) c.kind = VARIANT;
    else usage();

    /* The toggles document, into the engine once. */
    char *state = read_file(argv[i + 4]);
    char *response = take_state(c.engine, state);
    /* An Error whose state was taken anyway reports toggles it could not compile (other toggles
     * of the specification's file, kept off): a note, not a failure. */
    if (strncmp(response, "{\"status_code\":\"Ok\"", 19) != 0) {
        if (!strstr(response, "Engine state was updated")) {
            fprintf(stderr, "%s: take_state failed: %s\n", name, response);
            return 2;
        }
        fprintf(stderr, "%s: toggles of the file Yggdrasil could not compile (always off):", name);
        const char *last = "";
        size_t last_length = 0;
        for (const char *at = strstr(response, "toggle_name: \\\""); at;
             at = strstr(at + 1, "toggle_name: \\\"")) {
            const char *toggle = at + strlen("toggle_name: \\\"");
            size_t length = strcspn(toggle, "\\\"");
            if (length != last_length || strncmp(toggle, last, length) != 0)
                fprintf(stderr, " %.*s", (int)length, toggle);
            last = toggle;
            last_length = length;
        }
        fprintf(stderr, "\n");
    }
    free_response(response);
    free(state);

    /* The answer, once, against the specification's. */
    struct answer answer;
    response = c.kind == ENABLED
        ? check_enabled(c.engine, c.toggle, c.context, no_custom_strategy_results)
        : check_variant(c.engine, c.toggle, c.context, no_custom_strategy_results);
    read_answer(c.kind, response, &answer);
    bool readable = answer.found
        ? (c.kind == ENABLED ? strncmp(response + OK_LENGTH, "true", 4) == 0 ||
                                   strncmp(response + OK_LENGTH, "false", 5) == 0
                             : answer.variant[0] != '\0' && strstr(response, "\"featureEnabled\":"))
        : strncmp(response, not_found, sizeof not_found - 1) == 0;
    if (!readable) {
        fprintf(stderr, "%s: a response this harness cannot read: %s\n", name, response);
        return 2;
    }
    free_response(response);
    char result[256];
    describe(c.kind, &answer, result, sizeof result);
    if (!answer.found) strncat(result, " (unknown toggle)", sizeof result - strlen(result) - 1);
    bool specified = strcmp(expected, "-") != 0;
    if (specified) {
        char actual[256];
        describe(c.kind, &answer, actual, sizeof actual);
        if (strcmp(actual, expected) != 0) {
            fprintf(stderr, "%s: Yggdrasil answers \"%s\", the specification expects \"%s\"\n",
                    name, actual, expected);
            return 1;
        }
    }

    char ns[32] = "-";
    if (loop >= 0) {
        run_loop(&c, loop);
    } else {
        run_loop(&c, batch_size); /* warm-up */
        double *per = malloc(sizeof(double) * (size_t)batches);
        for (long b = 0; b < batches; b++) {
            double start = now_ns();
            run_loop(&c, batch_size);
            per[b] = (now_ns() - start) / (double)batch_size;
        }
        qsort(per, (size_t)batches, sizeof(double), by_value);
        double p50 = batches % 2 ? per[batches / 2] : (per[batches / 2 - 1] + per[batches / 2]) / 2;
        snprintf(ns, sizeof ns, "%.1f", p50);
        free(per);
    }
    printf("%s\t%s\t%s\t%s\n", name, ns, result, specified ? "spec" : "no spec test");
    free_engine(c.engine);
    return 0;
}
