// The server's resident memory as the benches read it: the primary process and its workers together.
import fs from 'node:fs';

/** Resident memory of process `pid` and its children, in MB. */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const own = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return children.reduce((sum, child) => sum + rssMb(child), own);
}

/** Samples the memory of `pid` five times a second until stop(), which returns the peak in MB. */
export function sampleMemory(pid) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
