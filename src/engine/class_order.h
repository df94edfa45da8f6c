#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace panta::engine {

/// One shard of N (--shard K/N), K from 1.
struct Shard {
  int k = 1;
  int n = 1;
};

/// Parses "K/N" with 1 <= K <= N. Fails naming the value.
Result<Shard> parse_shard(std::string_view text);

/// The shard (1..n) a class belongs to: a hash of its name (FNV-1a, 64 bits), so a class keeps
/// its shard when other classes come or go, on every machine and compiler.
int shard_of(std::string_view class_name, int n);

/// The classes of `classes` in shard `shard`, in their order.
std::vector<std::string> classes_of_shard(const std::vector<std::string>& classes, Shard shard);

/// What a class's current tests leave to cover, measured before the run.
struct ClassGap {
  std::string name;
  int64_t branches_missed = 0;
  int64_t branches_total = 0;
  int64_t lines_missed = 0;
  int64_t lines_total = 0;
  /// No test file: the branches are counted from the source (two per decision) and all missed.
  bool untested = false;
  /// Branch coverage in percent, or line coverage for a class without branches; 0 untested.
  double percent() const;
};

/// The classes by expected gain (--order gain): most missed branches first, then most missed
/// lines, then by name. Classes without a measurement keep their order, after the others.
std::vector<std::string> order_by_gain(const std::vector<std::string>& classes,
                                       const std::vector<ClassGap>& gaps);

/// The gap measured for `name`, if any.
std::optional<ClassGap> gap_of(const std::vector<ClassGap>& gaps, std::string_view name);

}  // namespace panta::engine
