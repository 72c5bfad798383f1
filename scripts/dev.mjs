// `npm run dev`: the API with reload (tsx watch) and the Vite dev server, which proxies /api, /oauth and socket.io.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { stdio: 'inherit', env: { ...process.env, CLIENT_DIST: '' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: 'client' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) stop();
  });
