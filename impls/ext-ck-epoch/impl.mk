# impls/ext-ck-epoch/impl.mk: the manifest (docs/DESIGN.md, "Manifests") of
# ext-ck-epoch, the peer Concurrency Kit ck_epoch behind the RCU API.
$(impl)_KIND := peer
$(impl)_COLUMN := rcu
$(impl)_SRCS := lib/peer/peer_adapter.c lib/peer/ck_epoch_side.c
$(impl)_LIBS := $(ck_libs)
$(impl)_INSTALLED := no
$(impl)_PACKAGES := libck-dev
