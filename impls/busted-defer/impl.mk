# impls/busted-defer/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of
# busted-defer, the negative control that defers callbacks to a thread without
# a grace period.
$(impl)_KIND := control
$(impl)_COLUMN := rcu
$(impl)_SRCS := lib/control/busted.c
$(impl)_CPPFLAGS := -DRCUTABLE_BUSTED_DEFER
$(impl)_INSTALLED := no
