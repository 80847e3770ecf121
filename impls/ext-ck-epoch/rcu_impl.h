/* SPDX-License-Identifier: MIT */
/*
 * impls/ext-ck-epoch/rcu_impl.h: the peer Concurrency Kit (ck_epoch,
 * Debian libck-dev) behind rcutable's API; read side in ck_epoch_reader.h.
 */
#ifndef RCUTABLE_EXT_CK_EPOCH_RCU_IMPL_H
#define RCUTABLE_EXT_CK_EPOCH_RCU_IMPL_H

#include "peer/ck_epoch_reader.h"

#endif
