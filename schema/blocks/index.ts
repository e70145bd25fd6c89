/**
 * Every block type: one line per manifest (schema/blocks/<type>.ts). The order is the order of the generated
 * JSON Schema's list.
 */
import heading from "./heading";
import paragraph from "./paragraph";
import bulletList from "./bulletList";
import radioGroup from "./radioGroup";
import benefitCards from "./benefitCards";
import infoCard from "./infoCard";
import infoModal from "./infoModal";
import averageClaim from "./averageClaim";
import actionButton from "./actionButton";
import noticeModal from "./noticeModal";
import addressLookup from "./addressLookup";
import textInput from "./textInput";
import selectInput from "./selectInput";
import dateOfBirth from "./dateOfBirth";
import checkbox from "./checkbox";
import signature from "./signature";
import creditCheck from "./creditCheck";
import lenderPicker from "./lenderPicker";
import claimsFoundBanner from "./claimsFoundBanner";
import testimonials from "./testimonials";
import numberedSteps from "./numberedSteps";
import trustBadge from "./trustBadge";
import passwordSetup from "./passwordSetup";
import submittingProgress from "./submittingProgress";
import emailSuggestion from "./emailSuggestion";
import kbaQuestions from "./kbaQuestions";
import companyReviews from "./companyReviews";
import companyFaq from "./companyFaq";
import privacyDisclaimer from "./privacyDisclaimer";
import feeIllustration from "./feeIllustration";
import summaryDocument from "./summaryDocument";
import checkAnswers from "./checkAnswers";
import saveForLater from "./saveForLater";

export const blockManifests = {
  heading,
  paragraph,
  bulletList,
  radioGroup,
  benefitCards,
  infoCard,
  infoModal,
  averageClaim,
  actionButton,
  noticeModal,
  addressLookup,
  textInput,
  selectInput,
  dateOfBirth,
  checkbox,
  signature,
  creditCheck,
  lenderPicker,
  claimsFoundBanner,
  testimonials,
  numberedSteps,
  trustBadge,
  passwordSetup,
  submittingProgress,
  emailSuggestion,
  kbaQuestions,
  companyReviews,
  companyFaq,
  privacyDisclaimer,
  feeIllustration,
  summaryDocument,
  checkAnswers,
  saveForLater,
} as const;
