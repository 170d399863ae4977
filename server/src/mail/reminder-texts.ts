import type { Language } from "@arcana/protocol";

/**
 * The streak reminder e-mail's texts in every language, English the source; `{siteName}`, `{streak}`,
 * `{points}` (the check-in that keeps the streak) and `{restartPoints}` (the one after it ends) are
 * filled in. The check-in words are the catalogs' (web/app/i18n/locales, `member.reminders.*`).
 */
export interface ReminderMailTexts {
  subject: string;
  heading: string;
  intro: string;
  reward: string;
  restart: string;
  button: string;
  why: string;
  unsubscribe: string;
}

export const reminderMailTexts: Record<Language, ReminderMailTexts> = {
  en: {
    subject: "Your {streak}-day streak on {siteName} ends at 00:00 GMT",
    heading: "Keep your {streak}-day streak",
    intro: "You have not checked in on {siteName} today. Your {streak}-day streak ends at 00:00 GMT.",
    reward: "Check in before then for {points} points.",
    restart: "If it ends, your next check-in starts again at day 1, for {restartPoints} points.",
    button: "Check in now",
    why: "You get this e-mail because you asked for a reminder before your streak ends. It comes only on days you have not checked in yet.",
    unsubscribe: "Stop these reminders",
  },
  "zh-CN": {
    subject: "你在 {siteName} 的 {streak} 天连续签到将于 00:00 GMT 中断",
    heading: "保住你的 {streak} 天连续签到",
    intro: "你今天还没有在 {siteName} 签到。你的 {streak} 天连续签到将于 00:00 GMT 中断。",
    reward: "在此之前签到可获得 {points} 积分。",
    restart: "一旦中断，下次签到将从第 1 天重新开始，只得 {restartPoints} 积分。",
    button: "立即签到",
    why: "你收到这封邮件，是因为你要求在连续签到中断前收到提醒。只在你当天还没签到时发送。",
    unsubscribe: "不再接收这些提醒",
  },
  ko: {
    subject: "{siteName}의 {streak}일 연속 출석이 00:00 GMT에 끊깁니다",
    heading: "{streak}일 연속 출석을 지키세요",
    intro: "오늘 아직 {siteName}에 출석하지 않았습니다. {streak}일 연속 출석 기록은 00:00 GMT에 끊깁니다.",
    reward: "그 전에 출석하면 {points}포인트를 받습니다.",
    restart: "기록이 끊기면 다음 출석은 1일째부터 다시 시작하며 {restartPoints}포인트를 받습니다.",
    button: "지금 출석하기",
    why: "연속 출석이 끊기기 전에 알림을 받겠다고 선택하셔서 이 이메일을 보내 드립니다. 아직 출석하지 않은 날에만 보냅니다.",
    unsubscribe: "이 알림 그만 받기",
  },
  ja: {
    subject: "{siteName} の {streak} 日連続チェックインが 00:00 GMT に途切れます",
    heading: "{streak} 日連続の記録を守りましょう",
    intro: "今日はまだ {siteName} にチェックインしていません。{streak} 日連続の記録は 00:00 GMT に途切れます。",
    reward: "それまでにチェックインすると {points} ポイントもらえます。",
    restart: "途切れると、次のチェックインは 1 日目からやり直しとなり、{restartPoints} ポイントになります。",
    button: "今すぐチェックイン",
    why: "連続記録が途切れる前にリマインダーを受け取る設定にしているため、このメールをお送りしています。まだチェックインしていない日にだけ届きます。",
    unsubscribe: "このリマインダーを停止する",
  },
  vi: {
    subject: "Chuỗi {streak} ngày của bạn trên {siteName} sẽ đứt lúc 00:00 GMT",
    heading: "Giữ chuỗi {streak} ngày của bạn",
    intro: "Hôm nay bạn chưa điểm danh trên {siteName}. Chuỗi {streak} ngày của bạn sẽ đứt lúc 00:00 GMT.",
    reward: "Điểm danh trước lúc đó để nhận {points} điểm.",
    restart: "Nếu chuỗi bị đứt, lần điểm danh tiếp theo sẽ bắt đầu lại từ ngày 1 với {restartPoints} điểm.",
    button: "Điểm danh ngay",
    why: "Bạn nhận được e-mail này vì bạn đã yêu cầu được nhắc trước khi chuỗi ngày bị đứt. E-mail chỉ được gửi vào ngày bạn chưa điểm danh.",
    unsubscribe: "Ngừng nhận lời nhắc này",
  },
  tr: {
    subject: "{siteName} üzerindeki {streak} günlük seriniz 00:00 GMT'de bitiyor",
    heading: "{streak} günlük serinizi koruyun",
    intro: "Bugün {siteName} üzerinde henüz giriş yapmadınız. {streak} günlük seriniz 00:00 GMT'de bitiyor.",
    reward: "O saatten önce giriş yaparak {points} puan kazanın.",
    restart: "Seri biterse bir sonraki girişiniz 1. günden yeniden başlar ve {restartPoints} puan kazandırır.",
    button: "Şimdi giriş yap",
    why: "Seriniz bitmeden hatırlatma istediğiniz için bu e-postayı alıyorsunuz. Yalnızca henüz giriş yapmadığınız günlerde gönderilir.",
    unsubscribe: "Bu hatırlatmaları durdur",
  },
};

/**
 * The page a reminder's unsubscribe link opens (`GET /reminders/unsubscribe`), in the member's language.
 */
export interface ReminderPageTexts {
  title: string;
  offHeading: string;
  offBody: string;
  turnOn: string;
  onHeading: string;
  onBody: string;
  turnOff: string;
  invalidHeading: string;
  invalidBody: string;
}

export const reminderPageTexts: Record<Language, ReminderPageTexts> = {
  en: {
    title: "Streak reminders",
    offHeading: "You will get no more streak reminders",
    offBody: "Streak reminders are off for your account. Your streak, points and account are unchanged.",
    turnOn: "Turn reminders back on",
    onHeading: "Streak reminders are on",
    onBody: "On days you have not checked in by your reminder time, you get one e-mail before your streak ends.",
    turnOff: "Stop streak reminders",
    invalidHeading: "This link does not work",
    invalidBody: "It may have been copied incompletely. You can turn reminders off in your account.",
  },
  "zh-CN": {
    title: "连续签到提醒",
    offHeading: "你将不再收到连续签到提醒",
    offBody: "你的账户已关闭连续签到提醒。你的连续签到、积分和账户都没有变化。",
    turnOn: "重新开启提醒",
    onHeading: "连续签到提醒已开启",
    onBody: "在你到提醒时间还没签到的日子，我们会在连续签到中断前给你发一封邮件。",
    turnOff: "停止连续签到提醒",
    invalidHeading: "此链接无效",
    invalidBody: "链接可能没有复制完整。你可以在账户中关闭提醒。",
  },
  ko: {
    title: "연속 출석 알림",
    offHeading: "더 이상 연속 출석 알림을 보내지 않습니다",
    offBody: "계정의 연속 출석 알림이 꺼졌습니다. 연속 기록, 포인트, 계정은 그대로입니다.",
    turnOn: "알림 다시 켜기",
    onHeading: "연속 출석 알림이 켜져 있습니다",
    onBody: "알림 시각까지 출석하지 않은 날에는 연속 기록이 끊기기 전에 이메일을 한 통 보내 드립니다.",
    turnOff: "연속 출석 알림 끄기",
    invalidHeading: "이 링크는 사용할 수 없습니다",
    invalidBody: "링크가 일부만 복사되었을 수 있습니다. 계정에서 알림을 끌 수 있습니다.",
  },
  ja: {
    title: "連続記録のリマインダー",
    offHeading: "連続記録のリマインダーは今後届きません",
    offBody: "アカウントのリマインダーをオフにしました。連続記録、ポイント、アカウントはそのままです。",
    turnOn: "リマインダーを再びオンにする",
    onHeading: "連続記録のリマインダーはオンです",
    onBody: "リマインダーの時刻までにチェックインしていない日は、連続記録が途切れる前にメールを 1 通お送りします。",
    turnOff: "リマインダーを停止する",
    invalidHeading: "このリンクは使えません",
    invalidBody: "リンクが途中までしかコピーされていない可能性があります。アカウントからリマインダーをオフにできます。",
  },
  vi: {
    title: "Nhắc chuỗi điểm danh",
    offHeading: "Bạn sẽ không nhận lời nhắc chuỗi điểm danh nữa",
    offBody:
      "Lời nhắc chuỗi điểm danh đã tắt cho tài khoản của bạn. Chuỗi ngày, điểm và tài khoản của bạn không thay đổi.",
    turnOn: "Bật lại lời nhắc",
    onHeading: "Lời nhắc chuỗi điểm danh đang bật",
    onBody: "Vào những ngày đến giờ nhắc mà bạn chưa điểm danh, bạn nhận một e-mail trước khi chuỗi ngày bị đứt.",
    turnOff: "Ngừng lời nhắc chuỗi điểm danh",
    invalidHeading: "Liên kết này không dùng được",
    invalidBody: "Có thể liên kết chưa được sao chép đầy đủ. Bạn có thể tắt lời nhắc trong tài khoản.",
  },
  tr: {
    title: "Seri hatırlatmaları",
    offHeading: "Artık seri hatırlatması almayacaksınız",
    offBody: "Hesabınız için seri hatırlatmaları kapatıldı. Seriniz, puanlarınız ve hesabınız değişmedi.",
    turnOn: "Hatırlatmaları yeniden aç",
    onHeading: "Seri hatırlatmaları açık",
    onBody: "Hatırlatma saatine kadar giriş yapmadığınız günlerde, seriniz bitmeden size bir e-posta gönderilir.",
    turnOff: "Seri hatırlatmalarını durdur",
    invalidHeading: "Bu bağlantı çalışmıyor",
    invalidBody: "Bağlantı eksik kopyalanmış olabilir. Hatırlatmaları hesabınızdan kapatabilirsiniz.",
  },
};
