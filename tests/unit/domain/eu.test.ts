import { EU_MEMBER_STATES, isEuCountry } from "~/domain/common/eu";

describe("EU member states", () => {
  it("are the 27, each once", () => {
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
  });

  it("Poland, Ireland and Greece are in; Switzerland, Norway, the UK and lower case are not", () => {
    for (const code of ["PL", "IE", "GR", "CZ", "PT"]) expect(isEuCountry(code)).toBe(true);
    for (const code of ["CH", "NO", "GB", "US", "pl", "", null, undefined]) expect(isEuCountry(code)).toBe(false);
  });
});
