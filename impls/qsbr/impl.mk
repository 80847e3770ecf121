# impls/qsbr/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of qsbr,
# quiescent-state-based RCU.
$(impl)_KIND := own
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(here)qsbr.c lib/counter/self_fence.c lib/counter/counter_gp.c
$(impl)_READ := qsbr
$(impl)_INSTALLED := yes
$(impl)_COUNTERPART := ext-liburcu-qsbr
