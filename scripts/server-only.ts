// What `import 'server-only'` loads when tsx (tsconfig.node.json) or vitest runs the code: both run on the
// server only, where the guard has nothing to refuse. Next.js resolves the real package, which fails the build
// of a client component that imports a src/server module.
export {};
