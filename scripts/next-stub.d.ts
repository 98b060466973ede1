// What `next` and `next/*` resolve to in the root program (tsconfig.json `paths`): nothing, so that
// Next.js's global augmentations stay out of code that has nothing to do with Next.js.
export {};
