/**
 * Notices when the processes that started us are gone. `kill -TERM <npm pid>` (an IDE's stop button, a
 * process manager stopping `npx hiro-lookup mock` or an app's `npm run mock`) ends npm alone: npm does
 * not pass the signal on, so its child would live on as an orphan, holding its port and its Prism.
 * Linux only (it reads /proc); elsewhere it watches nothing.
 */
import { readFileSync } from "node:fs";

/** How often the launchers are looked at, in ms. */
const POLL_MS = 300;

/**
 * Parent pid of `pid` from /proc; `"gone"` only when the process is not there (`kill(pid, 0)` says
 * ESRCH) or has exited (a zombie); `undefined` when it cannot be told now (/proc absent, or unreadable:
 * out of file descriptors, EMFILE, under a flood of connections, must never read as a launcher gone).
 */
function parentOf(pid: number): number | "gone" | undefined {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return "gone";
    // EPERM: it is there, not ours to signal.
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (state === "Z") return "gone";
    return Number(ppid);
  } catch {
    return undefined;
  }
}

function isNpm(pid: number): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    // npm sets its process title ("npm start", "npm exec …"); else argv holds npm-cli.js.
    return argv.some((arg) => /^npm( |$)|(^|\/)npm(-cli\.js)?$/.test(arg));
  } catch {
    return false;
  }
}

/**
 * The launchers above us, each with its parent at start: up to npm when npm started us (an npm script
 * or npx: npm → sh → us), else our direct parent only. If any of them dies or is re-parented, the tree
 * was stopped from above.
 */
function launchers(): Array<{ pid: number; ppid: number | undefined }> {
  const known = (pid: number) => {
    const parent = parentOf(pid);
    return parent === "gone" ? undefined : parent;
  };
  const chain = [{ pid: process.ppid, ppid: known(process.ppid) }];
  if (!process.env.npm_lifecycle_event) return chain;
  for (let depth = 0; depth < 4; depth++) {
    const last = chain[chain.length - 1];
    if (last === undefined || isNpm(last.pid) || last.ppid === undefined || last.ppid <= 1) return chain;
    chain.push({ pid: last.ppid, ppid: known(last.ppid) });
  }
  return chain.slice(0, 1); // no npm found close above: watch the direct parent only
}

/**
 * Calls `onGone` once when our parent, or a launcher between us and the npm that started us, is gone.
 * Returns the function that stops watching. The timer does not keep the process alive.
 */
export function watchLaunchers(onGone: () => void): () => void {
  if (process.platform !== "linux") return () => {};
  const initialParent = process.ppid;
  const chain = launchers();
  const timer = setInterval(() => {
    // A launcher is gone when it is not there, or when it has a new parent (its own was stopped); a
    // parent that cannot be read now (EMFILE) is looked at again next time.
    const gone =
      process.ppid !== initialParent ||
      chain.some(({ pid, ppid }) => {
        if (ppid === undefined) return false;
        const now = parentOf(pid);
        return now === "gone" || (now !== undefined && now !== ppid);
      });
    if (!gone) return;
    clearInterval(timer);
    onGone();
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
