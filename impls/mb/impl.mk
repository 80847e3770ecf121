# impls/mb/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of mb,
# counter-based RCU whose readers fence themselves.
$(impl)_KIND := own
$(impl)_COLUMN := rcu
$(impl)_SRCS := $(here)mb.c lib/counter/self_fence.c lib/counter/counter_gp.c
$(impl)_READ := mb
$(impl)_INSTALLED := yes
$(impl)_COUNTERPART := ext-liburcu-mb
