// Generates the TypeScript types and service descriptors of proto/ into src/gen (build output, not
// committed), with protoc-gen-es. protoc itself comes from the project's Python environment
// (grpcio-tools, pinned in requirements.lock), so no other binary is downloaded.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '..');
const root = path.resolve(web, '..', '..');
const python = process.env.CARTHAGO_PYTHON || path.join(root, '.venv', 'bin', 'python');
if (!fs.existsSync(python)) {
  console.error(`gen: ${python} is missing: run \`make setup\` at the repository's top first`);
  process.exit(1);
}
const protoDir = path.join(root, 'proto');
const protos = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (entry.name.endsWith('.proto')) protos.push(path.relative(protoDir, p));
  }
})(protoDir);
protos.sort();
const out = path.join(web, 'src', 'gen');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
execFileSync(python, ['-m', 'grpc_tools.protoc', `-I${protoDir}`,
  `--plugin=protoc-gen-es=${path.join(web, 'node_modules', '.bin', 'protoc-gen-es')}`,
  `--es_out=${out}`, '--es_opt=target=ts,import_extension=none', ...protos], { stdio: 'inherit', cwd: root });
console.log(`gen: ${protos.length} proto files -> ${path.relative(web, out)}`);
