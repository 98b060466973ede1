/** The longest name the server keeps (core's account-update): a display name, not a document. */
export const MAX_NAME = 200;

/** What is wrong with a profile before it is sent, as codes the form puts in words; the server checks again. */
export interface ProfileProblems {
  name?: "tooLong";
  image?: "notHttps";
}

/**
 * Checks the name and the picture's URL: a picture is an https URL (never `http:`, which a page
 * served over https would block, nor `data:` or `javascript:`), or nothing.
 * @example validateProfile({ name: "Ada", image: "http://x" }).image // "notHttps"
 */
export function validateProfile({ name, image }: { name: string; image: string }): ProfileProblems {
  const problems: ProfileProblems = {};
  if ([...name].length > MAX_NAME) problems.name = "tooLong";
  if (image !== "") {
    if (!URL.canParse(image) || new URL(image).protocol !== "https:") problems.image = "notHttps";
  }
  return problems;
}
