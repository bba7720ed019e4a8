import { readFileSync } from 'node:fs';

/**
 * CPU seconds a process has used so far (user and system, all its threads), from /proc; NaN
 * where there is no /proc. Without a pid: this process.
 */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid ?? 'self'}/stat`, 'utf8').split(') ')[1];
    if (stat === undefined) return NaN;
    const fields = stat.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
  } catch {
    return NaN;
  }
}
