import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU times in these ticks. */
const CLOCK_TICKS_PER_S = 100;

/** A process's group and CPU seconds (user + system) so far; null once it has exited. */
export function procStat(pid: number): { pgrp: number; cpuSeconds: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After the parenthesised command name: pgrp is the 3rd field, utime and stime the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    pgrp: Number(fields[2]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S,
  };
}

/** CPU seconds of every process in a process group; NaN where there is no /proc. */
export function groupCpuSeconds(pgid: number): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return NaN;
  }
  let seconds = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.pgrp === pgid) seconds += stat.cpuSeconds;
  }
  return seconds;
}
