import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fieldsOf, isFiltered, searchOf, sortOf, validateUserSearch } from "./user-search.ts";

describe("the users list's URL", () => {
  it("keeps the filters it understands and drops the rest", () => {
    assert.deepEqual(
      validateUserSearch({
        q: "  ada ",
        disabled: "true",
        unverified: false,
        twoFactor: "maybe",
        sort: "nope",
      }),
      { q: "ada", disabled: true, unverified: false },
    );
    assert.deepEqual(validateUserSearch({ q: 123 }), { q: "123" }, "an id the router read as a number");
    assert.deepEqual(validateUserSearch({ q: "x".repeat(201), role: "" }), {});
  });

  it("leaves out the default sort, and completes a sort without an order", () => {
    assert.deepEqual(validateUserSearch({ sort: "created", order: "desc" }), {});
    assert.deepEqual(validateUserSearch({ sort: "email" }), { sort: "email", order: "asc" });
    assert.deepEqual(validateUserSearch({ order: "asc" }), { sort: "created", order: "asc" });
    assert.deepEqual(sortOf(), { sort: "created", order: "desc" });
  });

  it("round-trips through the filter form", () => {
    const search = validateUserSearch({
      q: "ada",
      disabled: false,
      twoFactor: true,
      sort: "name",
      order: "desc",
    });
    const fields = fieldsOf(search);
    assert.deepEqual(fields, {
      q: "ada",
      status: "enabled",
      email: "",
      twoFactor: "on",
      role: "",
      sort: "name-desc",
    });
    assert.deepEqual(searchOf(fields), search);
    assert.deepEqual(searchOf({ ...fields, q: " ", status: "", twoFactor: "", sort: "created-desc" }), {});
  });

  it("tells a filtered list from a sorted one", () => {
    assert.equal(isFiltered({ sort: "email", order: "asc" }), false);
    assert.equal(isFiltered({ twoFactor: false }), true);
  });
});
