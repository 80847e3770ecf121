# impls/memb/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of memb,
# counter-based RCU whose updater fences readers with membarrier().
$(impl)_KIND := own
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(here)memb.c lib/counter/counter_gp.c
$(impl)_READ := memb
$(impl)_INSTALLED := yes
$(impl)_COUNTERPART := ext-liburcu-memb
