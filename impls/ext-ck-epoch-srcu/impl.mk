# impls/ext-ck-epoch-srcu/impl.mk: the manifest (docs/DESIGN.md, "Manifests")
# of ext-ck-epoch-srcu, the peer Concurrency Kit ck_epoch behind the SRCU API.
$(impl)_KIND := peer
$(impl)_COLUMN := srcu
$(impl)_SRCS := $(here)ck_epoch_srcu.c
$(impl)_LIBS := $(ck_libs)
$(impl)_INSTALLED := no
$(impl)_PACKAGES := libck-dev
