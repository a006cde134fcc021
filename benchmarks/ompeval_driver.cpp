// The OMPEval side of `make bench --section ompeval` (benchmarks/ompeval.py builds and drives it).
//
// A workload is one line of key=value words, on the command line or one per line on stdin (the bench
// keeps one driver running and writes it a line per timed call); the answer is one JSON line.
//
//   mode=exact|mc ranges=AsKs|QQ+,AKs|random [board=Th9h2c] [dead=..] [threads=1]
//                 [stdev=0] [hands=0] [seconds=0] [interval=0.2]
//       OMPEval's EquityCalculator: start(ranges, board, dead, mode == exact, stdev, no callback,
//       interval, threads), then wait() and getResults(). hands/seconds: setHandLimit/setTimeLimit
//       (0: none); stdev: its standard-error stop (Monte Carlo; 0: none; checked every `interval` s).
//       Answers equity, win (alone) and tie (a share of the pot, not all of it) per player, `se` per
//       player from the counts by winner set (independent trials), OMPEval's own `stdev` (player 1,
//       from its batches), the hands (boards) counted, and the times: wall_s (ranges parsed, the
//       calculator built, run and destroyed), compute_s (start() to wait()), omp_time_s (its own clock).
//   mode=eval file=hands.u8 [out=ranks.u16]
//       HandEvaluator on n pre-dealt 7-card hands (n*7 bytes, card = 4*rank + suit, rank 0 = deuce; the
//       suits' order does not matter to an evaluator). rand1: a Hand built from the 7 bytes and
//       evaluated, ranks stored; rand2: the same from pre-built Hand objects. Only the loops are timed;
//       answers their seconds and checksums (the sum of the ranks); out= writes the ranks (uint16).
#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

typedef std::map<std::string, std::string> Workload;

Workload parse(const std::string& line)
{
    Workload w;
    std::istringstream words(line);
    std::string word;
    while (words >> word) {
        size_t eq = word.find('=');
        if (eq == std::string::npos)
            throw std::runtime_error("expected key=value, got '" + word + "'");
        w[word.substr(0, eq)] = word.substr(eq + 1);
    }
    return w;
}

std::string get(const Workload& w, const std::string& key, const std::string& otherwise = "")
{
    auto it = w.find(key);
    return it == w.end() ? otherwise : it->second;
}

double number(const Workload& w, const std::string& key, double otherwise)
{
    auto it = w.find(key);
    return it == w.end() ? otherwise : std::stod(it->second);
}

std::string list(const std::vector<double>& xs)
{
    std::string out = "[";
    char buf[40];
    for (size_t i = 0; i < xs.size(); ++i) {
        std::snprintf(buf, sizeof buf, "%s%.17g", i ? ", " : "", xs[i]);
        out += buf;
    }
    return out + "]";
}

std::string quoted(const std::string& s)
{
    std::string out = "\"";
    for (char c : s)
        out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return out + "\"";
}

std::string calculate(const Workload& w)
{
    const std::string mode = get(w, "mode");
    const bool exact = mode == "exact";
    std::vector<std::string> texts;
    std::stringstream all(get(w, "ranges"));
    for (std::string text; std::getline(all, text, '|');)
        texts.push_back(text);
    const unsigned threads = (unsigned)number(w, "threads", 1);

    Clock::time_point t0 = Clock::now();
    std::vector<omp::CardRange> ranges(texts.begin(), texts.end());
    uint64_t board = omp::CardRange::getCardMask(get(w, "board"));
    uint64_t dead = omp::CardRange::getCardMask(get(w, "dead"));
    std::unique_ptr<omp::EquityCalculator> calc(new omp::EquityCalculator());
    calc->setHandLimit((uint64_t)number(w, "hands", 0));
    calc->setTimeLimit(number(w, "seconds", 0));
    Clock::time_point t1 = Clock::now();
    if (!calc->start(ranges, board, dead, exact, number(w, "stdev", 0), nullptr, number(w, "interval", 0.2),
                     threads))
        throw std::runtime_error("OMPEval refused the spot (start() returned false)");
    calc->wait();
    double compute = since(t1);
    omp::EquityCalculator::Results r = calc->getResults();
    calc.reset();
    double wall = since(t0);

    const unsigned players = r.players;
    const double n = (double)r.hands;
    std::vector<double> equity, win, tie, se, combos;
    for (unsigned i = 0; i < players; ++i) {
        double tied = 0, share2 = 0;  // deals shared; the sum of the squared shares
        for (unsigned mask = 1; mask < (1u << players); ++mask) {
            if (!(mask & (1u << i)))
                continue;
            unsigned k = omp::bitCount(mask);
            double count = (double)r.winsByPlayerMask[mask];
            if (k > 1)
                tied += count;
            share2 += count / ((double)k * k);
        }
        equity.push_back(r.equity[i]);
        win.push_back(r.wins[i] / n);
        tie.push_back(tied / n);
        double var = share2 / n - r.equity[i] * r.equity[i];
        se.push_back(exact || n < 2 ? 0.0 : std::sqrt(std::max(0.0, var) / (n - 1)));
        combos.push_back((double)ranges[i].combinations().size());
    }
    std::ostringstream out;
    out << "{\"mode\": " << quoted(mode) << ", \"threads\": " << threads << ", \"players\": " << players
        << ", \"equity\": " << list(equity) << ", \"win\": " << list(win) << ", \"tie\": " << list(tie)
        << ", \"se\": " << list(se) << ", \"combos\": " << list(combos) << ", \"stdev\": " << r.stdev
        << ", \"hands\": " << r.hands << ", \"evaluations\": " << r.evaluations
        << ", \"preflop_combos\": " << r.preflopCombos << ", \"evaluated_preflops\": "
        << r.evaluatedPreflopCombos << ", \"skipped_preflops\": " << r.skippedPreflopCombos;
    out.precision(9);
    out << ", \"wall_s\": " << wall << ", \"compute_s\": " << compute << ", \"omp_time_s\": " << r.time << "}";
    return out.str();
}

std::string evaluate(const Workload& w)
{
    std::ifstream file(get(w, "file"), std::ios::binary);
    if (!file)
        throw std::runtime_error("cannot read the hands file '" + get(w, "file") + "'");
    std::vector<uint8_t> cards((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const size_t n = cards.size() / 7;
    for (uint8_t c : cards)
        if (c >= 52)
            throw std::runtime_error("a card id is over 51");
    omp::HandEvaluator eval;
    std::vector<uint16_t> ranks(n), ranks2(n);
    std::vector<omp::Hand> hands(n);
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* c = &cards[7 * i];
        hands[i] = omp::Hand::empty() + c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6];
    }

    Clock::time_point t0 = Clock::now();
    for (size_t i = 0; i < n; ++i) {
        const uint8_t* c = &cards[7 * i];
        omp::Hand h = omp::Hand::empty() + c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6];
        ranks[i] = eval.evaluate(h);
    }
    double rand1 = since(t0);
    t0 = Clock::now();
    for (size_t i = 0; i < n; ++i)
        ranks2[i] = eval.evaluate(hands[i]);
    double rand2 = since(t0);

    uint64_t sum = 0, sum2 = 0;
    for (size_t i = 0; i < n; ++i) {
        sum += ranks[i];
        sum2 += ranks2[i];
    }
    const std::string out_path = get(w, "out");
    if (!out_path.empty()) {
        std::ofstream out(out_path, std::ios::binary);
        out.write((const char*)ranks.data(), (std::streamsize)(n * sizeof(uint16_t)));
    }
    std::ostringstream out;
    out.precision(9);
    out << "{\"mode\": \"eval\", \"n\": " << n << ", \"rand1_s\": " << rand1 << ", \"rand2_s\": " << rand2
        << ", \"checksum\": " << sum << ", \"checksum2\": " << sum2 << "}";
    return out.str();
}

std::string answer(const std::string& line)
{
    try {
        Workload w = parse(line);
        const std::string mode = get(w, "mode");
        if (mode == "exact" || mode == "mc")
            return calculate(w);
        if (mode == "eval")
            return evaluate(w);
        throw std::runtime_error("mode must be exact, mc or eval; got '" + mode + "'");
    } catch (const std::exception& e) {
        return "{\"error\": " + quoted(e.what()) + "}";
    }
}

}  // namespace

int main(int argc, char** argv)
{
    omp::HandEvaluator warm;  // its tables are built once per process, on the first one
    (void)warm;
    if (argc > 1) {
        std::string line;
        for (int i = 1; i < argc; ++i)
            line += std::string(i > 1 ? " " : "") + argv[i];
        std::cout << answer(line) << std::endl;
        return 0;
    }
    for (std::string line; std::getline(std::cin, line);) {
        if (line == "quit")
            break;
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        std::cout << answer(line) << std::endl;  // endl flushes: the bench waits for each line
    }
    return 0;
}
