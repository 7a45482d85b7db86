// Validates emitted Kubernetes and Argo documents against the official schemas shipped by npm
// kubernetes-models@5.1.0 and @kubernetes-models/argo-workflows@2.0.0, then applies a strict
// unknown-key check the schemas do not make: every key of every object must be one the schema's
// validator reads (a key it never reads is unknown to the schema).
//
// usage: node validate-specs.mjs <folder holding node_modules> <documents.json>
// documents.json: [{"file": "...", "document": {...}}, ...]
// Prints one line per problem ("<file>: <problem>") and exits 1 when there is any, else 0.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [modules, documentsFile] = process.argv.slice(2);
const MODELS = {
  "batch/v1 Job": ["kubernetes-models", "batch/v1/Job.js", "Job"],
  "argoproj.io/v1alpha1 Workflow": ["@kubernetes-models/argo-workflows", "argoproj.io/v1alpha1/Workflow.js", "Workflow"],
};

async function model(document) {
  const entry = MODELS[`${document.apiVersion} ${document.kind}`];
  if (!entry) {
    return null;
  }
  const [pkg, file, name] = entry;
  const module = await import(pathToFileURL(join(modules, "node_modules", pkg, file)).href);
  return module[name];
}

// A view of `value` that records the path of every property the validator reads.
function tracked(value, path, read) {
  if (value === null || typeof value !== "object") {
    return value;
  }
  return new Proxy(value, {
    get(target, key, receiver) {
      if (typeof key === "string") {
        read.add(`${path}/${key}`);
      }
      return tracked(Reflect.get(target, key, receiver), `${path}/${String(key)}`, read);
    },
  });
}

function unknownKeys(value, path, read, found) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => unknownKeys(item, `${path}/${index}`, read, found));
  } else if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value)) {
      const child = `${path}/${key}`;
      if (!read.has(child)) {
        found.push(child);
      } else {
        unknownKeys(value[key], child, read, found);
      }
    }
  }
}

const problems = [];
for (const { file, document } of JSON.parse(readFileSync(documentsFile, "utf8"))) {
  const Model = await model(document);
  if (!Model) {
    problems.push(`${file}: no schema for apiVersion ${document.apiVersion}, kind ${document.kind}`);
    continue;
  }
  try {
    new Model(document).validate();
  } catch (error) {
    problems.push(`${file}: ${error.message.replace(/\s+/g, " ")}`);
    continue;
  }
  const read = new Set();
  Model.prototype.validate.call(tracked(document, "", read));
  const unknown = [];
  unknownKeys(document, "", read, unknown);
  unknown.forEach((key) => problems.push(`${file}: unknown key ${key}`));
}
problems.forEach((problem) => console.log(problem));
process.exit(problems.length === 0 ? 0 : 1);
