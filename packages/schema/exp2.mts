import { openApiDocument } from './src/index.ts';
const doc = openApiDocument();
const sizes = Object.entries(doc.components.schemas).map(([k, v]) => [k, JSON.stringify(v).length]).sort((a, b) => (b[1] as number) - (a[1] as number));
console.log(sizes.slice(0, 8));
const ops = Object.entries(doc.paths).flatMap(([p, m]) => Object.entries(m).map(([k, v]) => [k + ' ' + p, JSON.stringify(v).length])).sort((a, b) => (b[1] as number) - (a[1] as number));
console.log(ops.slice(0, 10));
