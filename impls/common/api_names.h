/* SPDX-License-Identifier: MIT */
/*
 * impls/common/api_names.h: the names of enum rcutable_api's bits, as the
 * benchmarks write them into their JSON (rcutable_native,
 * rcutable_emulated) and rcutable-choose prints them.
 */
#ifndef RCUTABLE_COMMON_API_NAMES_H
#define RCUTABLE_COMMON_API_NAMES_H

#include <stddef.h>

/* The name of bit number i of enum rcutable_api ("read_side", ...). */
const char *rcutable_api_name(unsigned i);

/* The names of the bits set in bits, space-separated, into buf; buf. */
char *rcutable_api_list(unsigned bits, char *buf, size_t len);

#endif /* RCUTABLE_COMMON_API_NAMES_H */
