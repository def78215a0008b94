// tdoku-count: counts each puzzle of the given files to 2 with tdoku's
// solver (TdokuSolverDpllTriadSimd, as its run_benchmark does), on one
// core, and prints per file the puzzles per second of CPU time (process
// CPU clock, so other jobs on a shared machine cost less than in wall
// time) and the guesses per puzzle. It is gattai's driver, not tdoku's:
// scripts/bench-report compiles it against a tdoku checkout (TDOKU_SRC),
// which is never vendored.
//
//	tdoku-count SECONDS FILE...
//
// SECONDS 0 counts each puzzle once: timed from outside, the whole
// process is tdoku's side of the CLI comparison.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>
#include <cstdint>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);

static double cpu() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: tdoku-count SECONDS FILE...\n");
        return 2;
    }
    double seconds = atof(argv[1]);
    for (int f = 2; f < argc; f++) {
        std::ifstream in(argv[f]);
        std::vector<std::string> set;
        for (std::string line; std::getline(in, line);) {
            if (line.size() >= 81 && line[0] != '#') set.push_back(line.substr(0, 81));
        }
        if (set.empty()) {
            fprintf(stderr, "%s: no puzzles\n", argv[f]);
            return 2;
        }
        char solution[82] = {0};
        // One pass to warm up and check: every puzzle unique. With
        // SECONDS 0 it is the whole run, timed: the driver end to end.
        size_t n = 0, guesses = 0;
        double start = cpu(), elapsed = 0;
        for (auto &p : set) {
            size_t g = 0;
            if (TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, solution, &g) != 1) {
                fprintf(stderr, "%s: not unique: %s\n", argv[f], p.c_str());
                return 1;
            }
            guesses += g;
            n++;
        }
        if (seconds > 0) {
            n = guesses = 0;
            start = cpu();
        } else {
            elapsed = cpu() - start;
        }
        while (elapsed < seconds) {
            for (size_t i = 0; i < set.size() && (i & 255 || cpu() - start < seconds); i++) {
                size_t g = 0;
                TdokuSolverDpllTriadSimd(set[i].c_str(), 2, 0, solution, &g);
                guesses += g;
                n++;
            }
            elapsed = cpu() - start;
        }
        printf("%s\t%zu\t%.0f\t%.2f\n", argv[f], n, n / elapsed, (double)guesses / n);
    }
    return 0;
}
