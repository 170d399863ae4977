import type { Language } from "@arcana/protocol";

/**
 * The sign-in code e-mail's texts in every language, English the source; `{siteName}`, `{code}`
 * and `{minutes}` are filled in. Machine-written translations (see docs/languages.md).
 */
export interface SignInMailTexts {
  subject: string;
  heading: string;
  intro: string;
  expiry: string;
  ignore: string;
}

export const signInMailTexts: Record<Language, SignInMailTexts> = {
  en: {
    subject: "{code} is your {siteName} sign-in code",
    heading: "Your sign-in code",
    intro: "Your {siteName} sign-in code is {code}.",
    expiry: "It expires in {minutes} minutes and works once.",
    ignore: "If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.",
  },
  "zh-CN": {
    subject: "{code} 是你的 {siteName} 登录验证码",
    heading: "你的登录验证码",
    intro: "你的 {siteName} 登录验证码是 {code}。",
    expiry: "验证码将在 {minutes} 分钟后失效，且只能使用一次。",
    ignore: "如果这不是你本人申请的，可以忽略这封邮件：没有验证码，谁都无法登录。",
  },
  ko: {
    subject: "{code} — {siteName} 로그인 코드",
    heading: "로그인 코드",
    intro: "{siteName} 로그인 코드는 {code}입니다.",
    expiry: "{minutes}분 후에 만료되며 한 번만 사용할 수 있습니다.",
    ignore: "요청하지 않으셨다면 이 이메일은 무시하셔도 됩니다. 코드 없이는 아무도 로그인할 수 없습니다.",
  },
  ja: {
    subject: "{code} — {siteName} のログインコード",
    heading: "ログインコード",
    intro: "{siteName} のログインコードは {code} です。",
    expiry: "有効期限は {minutes} 分で、1 回だけ使えます。",
    ignore: "心当たりがない場合は、このメールを無視してください。コードがなければ誰もログインできません。",
  },
  vi: {
    subject: "{code} là mã đăng nhập {siteName} của bạn",
    heading: "Mã đăng nhập của bạn",
    intro: "Mã đăng nhập {siteName} của bạn là {code}.",
    expiry: "Mã hết hạn sau {minutes} phút và chỉ dùng được một lần.",
    ignore: "Nếu bạn không yêu cầu mã này, hãy bỏ qua e-mail: không ai đăng nhập được nếu không có mã.",
  },
  tr: {
    subject: "{code} — {siteName} giriş kodun",
    heading: "Giriş kodun",
    intro: "{siteName} giriş kodun {code}.",
    expiry: "{minutes} dakika içinde geçersiz olur ve yalnızca bir kez çalışır.",
    ignore: "Bu kodu sen istemediysen bu e-postayı yok sayabilirsin: kod olmadan kimse giriş yapamaz.",
  },
};
