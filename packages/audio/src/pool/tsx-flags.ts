const LOADER_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

function isTsx(value: string | undefined): boolean {
  return value !== undefined && (value === 'tsx' || value.startsWith('tsx/') || /[\\/]tsx[\\/]/.test(value));
}

/** The parent's Node flags minus tsx's own (the worker entry registers tsx itself). */
export function withoutTsxFlags(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (LOADER_FLAGS.has(arg) && isTsx(args[i + 1])) {
      i++;
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0 && LOADER_FLAGS.has(arg.slice(0, eq)) && isTsx(arg.slice(eq + 1))) continue;
    out.push(arg);
  }
  return out;
}
