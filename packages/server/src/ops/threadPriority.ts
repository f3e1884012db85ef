import fs from 'node:fs';
import os from 'node:os';

/**
 * Gives the calling worker thread the lowest CPU priority (nice 19), so that the event loop answering requests gets the
 * cores first while a hostile SVG is checked or a map is drawn. On Linux niceness belongs to each thread, so only the
 * calling thread changes; elsewhere the same call would slow the whole process, so nothing is changed there.
 */
export function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW);
  } catch {
    // A refused change leaves the thread at its priority: slower for others, never wrong.
  }
}

/** The calling thread's niceness as the kernel reports it (Linux), for tests. */
export function threadNiceness(): number {
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  // The fields after the command's closing parenthesis; niceness is the 19th field of the line, the 17th of these.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}
