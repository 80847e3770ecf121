# impls/busted/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of busted,
# the negative control whose grace periods wait for nothing.
$(impl)_KIND := control
$(impl)_COLUMN := rcu
$(impl)_SRCS := lib/control/busted.c
$(impl)_INSTALLED := no
