/* SPDX-License-Identifier: MIT */
/*
 * impls/common/api_names.h: the names of enum rcutable_api's bits, as the
 * benchmarks write them into their JSON (rcutable_native,
 * rcutable_emulated) and rcutable-choose prints them.
 */
#ifndef RCUTABLE_COMMON_API_NAMES_H
#define RCUTABLE_COMMON_API_NAMES_H

#include <stddef.h>

/* The names of the bits of enum rcutable_api set in bits ("read_side",
 * ...), space-separated, into buf; returns buf. */
char *rcutable_api_list(unsigned bits, char *buf, size_t len);

#endif /* RCUTABLE_COMMON_API_NAMES_H */
