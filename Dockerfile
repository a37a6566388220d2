# Builds the botarena binary (no database needed: the sqlx offline data in .sqlx/ is used) and
# packs it with the compilers and runtimes the default language list names.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
ENV SQLX_OFFLINE=true
RUN cargo build --release --locked --bin botarena

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates gcc g++ libc6-dev python3 default-jdk-headless rustc \
      postgresql \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/release/botarena /usr/local/bin/botarena
COPY --from=build /src/static /usr/share/botarena/static
COPY --from=build /src/config /usr/share/botarena/config
ENV BOTARENA_STATIC_DIR=/usr/share/botarena/static \
    BOTARENA_LISTEN=0.0.0.0:8080 \
    BOTARENA_DATA_DIR=/var/lib/botarena
WORKDIR /var/lib/botarena
EXPOSE 8080
CMD ["botarena", "serve"]
