// `npm run dev`: the API on :8080 (restarts on change) and Vite on :5173 (proxies /api and /media).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  // The API listens on 127.0.0.1 (HOST's default, decision 052): proxy to that address, not to a
  // `localhost` that may resolve to ::1 first.
  spawn('npm', ['run', 'dev', '-w', '@tarab/web'], {
    stdio: 'inherit',
    env: { ...process.env, TARAB_API_URL: process.env.TARAB_API_URL ?? 'http://127.0.0.1:8080' },
  }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', stop));
