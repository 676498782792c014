/**
 * The few texts an element must be able to say when even the labels call failed: that it could
 * not load (or got no answer in time), with the retry button. Everything else comes from /api/labels/ (SPEC §8: a missing label shows `{{key}}`).
 */
import type { Lang } from './types.ts';

export const FALLBACK_LABELS: Record<string, Record<Lang, string>> = {
  'common:error_load': {
    rus: 'Не удалось загрузить данные. Попробуйте позже.',
    eng: 'Could not load the data. Try again later.',
    pol: 'Nie udało się załadować danych. Spróbuj później.',
    ita: 'Impossibile caricare i dati. Riprova più tardi.',
    deu: 'Die Daten konnten nicht geladen werden. Versuchen Sie es später erneut.',
    esp: 'No se pudieron cargar los datos. Inténtelo más tarde.',
    chn: '无法加载数据，请稍后再试。',
    ukr: 'Не вдалося завантажити дані. Спробуйте пізніше.',
    fra: 'Impossible de charger les données. Réessayez plus tard.',
    tur: 'Veriler yüklenemedi. Daha sonra tekrar deneyin.',
  },
  'common:error_page_data': {
    rus: 'Данные страницы повреждены:',
    eng: 'The page data is malformed:',
    pol: 'Dane strony są uszkodzone:',
    ita: 'I dati della pagina non sono validi:',
    deu: 'Die Seitendaten sind fehlerhaft:',
    esp: 'Los datos de la página no son válidos:',
    chn: '页面数据格式错误：',
    ukr: 'Дані сторінки пошкоджені:',
    fra: 'Les données de la page sont invalides :',
    tur: 'Sayfa verileri bozuk:',
  },
  'common:error_timeout': {
    rus: 'Сервер не отвечает',
    eng: 'The server is not responding',
    pol: 'Serwer nie odpowiada',
    ita: 'Il server non risponde',
    deu: 'Der Server antwortet nicht',
    esp: 'El servidor no responde',
    chn: '服务器无响应',
    ukr: 'Сервер не відповідає',
    fra: 'Le serveur ne répond pas',
    tur: 'Sunucu yanıt vermiyor',
  },
  'common:retry': {
    rus: 'Повторить',
    eng: 'Retry',
    pol: 'Ponów',
    ita: 'Riprova',
    deu: 'Erneut versuchen',
    esp: 'Reintentar',
    chn: '重试',
    ukr: 'Повторити',
    fra: 'Réessayer',
    tur: 'Tekrar dene',
  },
};
