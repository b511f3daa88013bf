/* floor_rules.h: a ruleset whose only work is its dice (bench_sim's floor). */
#ifndef FRAY_FLOOR_RULES_H
#define FRAY_FLOOR_RULES_H
#include "core.h"

extern const fray_ruleset floor_ruleset;
extern const char floor_duel_json[]; /* two creatures of it, face to face */
#endif
