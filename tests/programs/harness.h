/* The C side of the end-to-end harness (tests/e2e_test.go). A program is
 * a list of TESTs; main() calls run_tests. Output is one line per event,
 * which the Go runner parses:
 *   === RUN name
 *   --- FAIL name: file:line: message    (zero or more)
 *   --- PASS name  |  --- FAILED name
 *   === DONE passed failed
 * A crash leaves a RUN without its result and no DONE; the runner
 * reports that test as crashed with the program's stderr. */
#ifndef MTLD3D_TEST_HARNESS_H
#define MTLD3D_TEST_HARNESS_H

#define COBJMACROS
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <windows.h>
/* Programs are single files: let d3d9.h define the IIDs it declares. */
#include <initguid.h>

static const char *harness_current;
static int harness_failed_checks;

static void harness_check(int ok, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (ok)
        return;
    harness_failed_checks++;
    printf("--- FAIL %s: %s:%d: ", harness_current, file, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

#define CHECK(cond, ...) harness_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define CHECK_HR(expr, want)                                                                                  \
    do {                                                                                                      \
        HRESULT hr_ = (expr), want_ = (want);                                                                 \
        harness_check(hr_ == want_, __FILE__, __LINE__, "%s returned %#lx, want %#lx", #expr,                \
                      (unsigned long)hr_, (unsigned long)want_);                                              \
    } while (0)
#define CHECK_EQ_U(got, want)                                                                                 \
    do {                                                                                                      \
        unsigned long long g_ = (unsigned long long)(got), w_ = (unsigned long long)(want);                   \
        harness_check(g_ == w_, __FILE__, __LINE__, "%s = %llu (%#llx), want %llu (%#llx)", #got, g_, g_, w_, \
                      w_);                                                                                    \
    } while (0)

struct harness_test {
    const char *name;
    void (*fn)(void);
};
#define TEST(name) static void test_##name(void)
#define T(name) {#name, test_##name}

static int run_tests(const struct harness_test *tests, size_t n)
{
    int passed = 0, failed = 0;
    setvbuf(stdout, NULL, _IONBF, 0);
    for (size_t i = 0; i < n; i++) {
        harness_current = tests[i].name;
        harness_failed_checks = 0;
        printf("=== RUN %s\n", tests[i].name);
        tests[i].fn();
        if (harness_failed_checks) {
            printf("--- FAILED %s\n", tests[i].name);
            failed++;
        } else {
            printf("--- PASS %s\n", tests[i].name);
            passed++;
        }
    }
    printf("=== DONE %d %d\n", passed, failed);
    return failed ? 1 : 0;
}
#define RUN_TESTS(list) run_tests(list, sizeof(list) / sizeof(list[0]))

/* Loads d3d9.dll's private self-test export. */
typedef HRESULT(WINAPI *selftest_fn)(unsigned mode, unsigned long long in, unsigned long long *out);

#endif
