/**
 * The tests' own set of common fields (names, contact details, address, signature, password, lenders), with
 * their own labels and messages: what a block or runner test's funnel asks unless the test writes its own.
 */
import type { FieldDefinition } from "../schema/types";

export const FIELDS: Record<string, FieldDefinition> = {
  hadFinance: {
    kind: "radio",
    label: "Did you have car finance between 2007 and 2021?",
    options: [
      {
        value: "yes",
        label: "Yes",
      },
      {
        value: "no",
        label: "No",
      },
    ],
  },
  "address.buildingName": {
    kind: "text",
    label: "Building name (optional)",
    autocomplete: "address-line1",
    transforms: ["collapseSpaces"],
    rules: [
      {
        rule: "maxLength",
        value: 100,
        message: "Building name must be 100 characters or fewer",
      },
    ],
  },
  "address.houseNumber": {
    kind: "text",
    label: "House number",
    transforms: ["trim"],
    rules: [
      {
        rule: "maxLength",
        value: 10,
        message: "House number must be 10 characters or fewer",
      },
    ],
  },
  "address.street": {
    kind: "text",
    label: "Street",
    autocomplete: "address-line2",
    transforms: ["collapseSpaces"],
    rules: [
      {
        rule: "required",
        message: "Please enter your street",
      },
      {
        rule: "maxLength",
        value: 120,
        message: "Street must be 120 characters or fewer",
      },
    ],
  },
  "address.city": {
    kind: "text",
    label: "Town or city",
    autocomplete: "address-level2",
    transforms: ["removeCommas", "collapseSpaces"],
    rules: [
      {
        rule: "maxLength",
        value: 80,
        message: "Town or city must be 80 characters or fewer",
      },
    ],
  },
  "address.county": {
    kind: "text",
    label: "County (optional)",
    autocomplete: "address-level1",
    rules: [
      {
        rule: "maxLength",
        value: 80,
        message: "County must be 80 characters or fewer",
      },
    ],
  },
  "address.postcode": {
    kind: "text",
    label: "Postcode",
    autocomplete: "postal-code",
    transforms: ["trim", "uppercase"],
    rules: [
      {
        rule: "required",
        message: "Please enter your postcode",
      },
      {
        rule: "maxLength",
        value: 8,
        message: "Postcode must be 8 characters or fewer",
      },
      {
        rule: "ukPostcode",
        message: "Please enter a real UK postcode, like SW1A 1AA",
      },
    ],
  },
  "personalDetails.title": {
    kind: "select",
    label: "Title",
    autocomplete: "honorific-prefix",
    options: [
      {
        value: "Mr",
        label: "Mr",
      },
      {
        value: "Mrs",
        label: "Mrs",
      },
      {
        value: "Miss",
        label: "Miss",
      },
      {
        value: "Ms",
        label: "Ms",
      },
      {
        value: "Dr",
        label: "Dr",
      },
      {
        value: "Other",
        label: "Other",
      },
    ],
    rules: [
      {
        rule: "required",
        message: "Please select a title",
      },
      {
        rule: "oneOf",
        message: "Please select a title",
      },
    ],
  },
  "personalDetails.firstName": {
    kind: "text",
    label: "First name",
    autocomplete: "given-name",
    transforms: ["collapseSpaces"],
    rules: [
      {
        rule: "required",
        message: "Please enter your first name",
      },
      {
        rule: "maxLength",
        value: 60,
        message: "First name must be 60 characters or fewer",
      },
    ],
  },
  "personalDetails.lastName": {
    kind: "text",
    label: "Last name",
    autocomplete: "family-name",
    transforms: ["collapseSpaces"],
    rules: [
      {
        rule: "required",
        message: "Please enter your last name",
      },
      {
        rule: "maxLength",
        value: 60,
        message: "Last name must be 60 characters or fewer",
      },
    ],
  },
  "personalDetails.dateOfBirth": {
    kind: "date",
    label: "Date of birth",
    hint: "You must be at least 18 years old to use this service.",
    autocomplete: "bday",
    rules: [
      {
        rule: "required",
        message: "Please enter your date of birth",
      },
      {
        rule: "realDate",
        message: "Please enter a valid date of birth (must be 18-100 years old)",
      },
      {
        rule: "ageBetween",
        min: 18,
        max: 100,
        message: "Please enter a valid date of birth (must be 18-100 years old)",
      },
    ],
  },
  "contactDetails.email": {
    kind: "email",
    label: "Email address",
    hint: "We'll use this to create your account so you can track your claim.",
    autocomplete: "email",
    transforms: ["trim"],
    rules: [
      {
        rule: "required",
        message: "Please enter your email address",
      },
      {
        rule: "email",
        message: "Please enter a valid email address",
      },
    ],
  },
  "contactDetails.phoneNumber": {
    kind: "tel",
    label: "Mobile number",
    hint: "We'll text you updates about your claim.",
    autocomplete: "tel",
    transforms: ["digitsOnly", "leadingZero"],
    rules: [
      {
        rule: "required",
        message: "Please enter your phone number",
      },
      {
        rule: "pattern",
        value: "^07",
        message: "Please use a mobile number starting with 07 so we can keep you updated by SMS",
      },
      {
        rule: "pattern",
        value: "^07\\d{9}$",
        message: "Please enter a valid UK mobile number starting with 07",
      },
    ],
  },
  "contactDetails.isTermsPolicyAgreed": {
    kind: "checkbox",
    label: "I agree to the privacy policy and terms",
    rules: [
      {
        rule: "checked",
        message: "Please agree to the privacy policy and terms",
      },
    ],
  },
  signature: {
    kind: "signature",
    label: "Your signature",
    rules: [
      {
        rule: "required",
        message: "Please sign the form to continue",
      },
    ],
  },
  manualLenders: {
    kind: "list",
    label: "Lenders you had car finance with",
    transient: true,
  },
  "account.password": {
    kind: "password",
    label: "Create a password",
    hint: "At least 8 characters.",
    autocomplete: "new-password",
    secret: true,
    rules: [
      {
        rule: "required",
        message: "Password must be at least 8 characters",
      },
      {
        rule: "minLength",
        value: 8,
        message: "Password must be at least 8 characters",
      },
    ],
  },
  "account.passwordConfirm": {
    kind: "password",
    label: "Confirm your password",
    autocomplete: "new-password",
    secret: true,
    rules: [
      {
        rule: "required",
        message: "Passwords do not match",
      },
      {
        rule: "matchesField",
        field: "account.password",
        message: "Passwords do not match",
      },
    ],
  },
};
