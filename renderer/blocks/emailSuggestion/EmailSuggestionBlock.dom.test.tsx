// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FieldDefinition } from "../../../schema/types";
import { TextInputBlock } from "../textInput/TextInputBlock";
import { renderBlock } from "../testing/renderBlock";
import { EmailSuggestionBlock } from "./EmailSuggestionBlock";
import { suggestEmail } from "./suggestEmail";

const EMAIL_FIELD: Record<string, FieldDefinition> = {
  "contactDetails.email": {
    kind: "email",
    label: "Email address",
    transforms: ["trim"],
    rules: [
      { rule: "required", message: "Please enter your email address" },
      { rule: "email", message: "Please enter a valid email address" },
    ],
  },
};

function EmailWithSuggestion(props: Parameters<typeof EmailSuggestionBlock>[0]) {
  return (
    <>
      <TextInputBlock block={{ type: "textInput", props: { field: "contactDetails.email", inputMode: "email" } }} runtime={props.runtime} />
      <EmailSuggestionBlock {...props} />
    </>
  );
}

describe("suggestEmail", () => {
  it("corrects common mail domains only", () => {
    expect(suggestEmail("amira@gmial.com")).toEqual({ local: "amira", domain: "gmail.com", full: "amira@gmail.com" });
    expect(suggestEmail("amira@hotmial.co.uk")?.domain).toBe("hotmail.co.uk");
    expect(suggestEmail("amira@outlok.com")?.domain).toBe("outlook.com");
    expect(suggestEmail("amira@yaho.co.uk")?.domain).toBe("yahoo.co.uk");
    for (const fine of ["amira@gmail.com", "amira@example.com", "amira@", "@gmial.com", "a@b@gmial.com", "", null])
      expect(suggestEmail(fine)).toBeNull();
  });
});

describe("EmailSuggestionBlock", () => {
  afterEach(cleanup);

  it("offers 'Did you mean …?' after the field is left, and applies it when pressed", async () => {
    const view = renderBlock("emailSuggestion", EmailWithSuggestion as never, {
      props: { field: "contactDetails.email", prefix: "Did you mean" },
      fields: EMAIL_FIELD,
    });
    const input = screen.getByLabelText("Email address");
    await view.user.type(input, "amelia@gmial.com");
    expect(screen.queryByRole("button", { name: /Did you mean/ })).toBeNull();
    await view.user.tab();
    const button = screen.getByRole("button", { name: "Did you mean amelia@gmail.com?" });
    await view.user.click(button);
    expect(view.value("contactDetails.email")).toBe("amelia@gmail.com");
    expect(screen.queryByRole("button", { name: /Did you mean/ })).toBeNull();
  });
});
