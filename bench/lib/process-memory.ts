import fs from 'node:fs';

/** Resident memory of a process in MB from /proc (Linux): peak (VmHWM) and current (VmRSS). */
export function processMemoryMb(pid: number): { peak: number; current: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { peak: kb('VmHWM') / 1024, current: kb('VmRSS') / 1024 };
  } catch {
    return null;
  }
}
