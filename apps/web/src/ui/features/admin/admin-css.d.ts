// Vite bundles a stylesheet imported for its effect (the admin console's, with its chunk); tsc only
// needs to know such an import is allowed.
declare module "*.css";
