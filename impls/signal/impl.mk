# impls/signal/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of signal,
# counter-based RCU whose updater fences readers with a signal.
$(impl)_KIND := own
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(here)signal.c lib/counter/counter_gp.c
$(impl)_READ := signal
$(impl)_INSTALLED := yes
$(impl)_COUNTERPART := ext-liburcu-signal
