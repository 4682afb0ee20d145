# workerd config for worker.mjs (bundled as worker.js beside this file). The runner passes the
# socket address on the command line (--socket-addr http=127.0.0.1:0) and reads the port it got.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .checks),
    # Outbound fetches may reach this machine's own addresses only: the runner's servers on 127.0.0.1.
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const checks :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2026-11-01",
  globalOutbound = "loopback",
);
