/**
 * The invented artists of the demo store (no real people). The first one owns the demo artist account.
 * `nameAr`/`bioAr`: how an Arab audience would write the name (a translation where the name has a
 * meaning, "Rimal" → رمال; a transliteration where it is a person's, Idris Tafsut → إدريس تافسوت) and
 * the bio in Arabic (issue 32 item 8; `artists.name_ar`/`bio_ar`, decision 061).
 */
export interface ArtistEntry {
  key: string;
  name: string;
  nameAr: string;
  bio: string;
  bioAr: string;
  region: string;
  paletteIndex: number;
}

export const ARTIST_LIST: readonly ArtistEntry[] = [
  {
    key: 'nour-al-layl',
    name: 'Nour al-Layl Ensemble',
    nameAr: 'فرقة نور الليل',
    region: 'Egypt',
    paletteIndex: 0,
    bio: 'A Cairo takht of oud, qanun, ney and riq that writes new pieces in the old salon style. Their music unfolds slowly, like a conversation that runs long past midnight.',
    bioAr:
      'تخت قاهري من العود والقانون والناي والرق، يكتب مقطوعات جديدة على طريقة الصالونات القديمة. تتكشّف موسيقاه على مهل، كحديث يمتد إلى ما بعد منتصف الليل.',
  },
  {
    key: 'qasr-rhythm',
    name: 'Qasr Rhythm Section',
    nameAr: 'إيقاعات القصر',
    region: 'Egypt',
    paletteIndex: 7,
    bio: 'Percussionists from the Alexandria wedding circuit who took their zaffa grooves into the studio. Darbuka, riq and frame drum, tight as a heartbeat.',
    bioAr: 'عازفو إيقاع من أعراس الإسكندرية حملوا إيقاعات الزفّة إلى الاستوديو. دربكة ورق ودف، متماسكة كنبض القلب.',
  },
  {
    key: 'rimal-collective',
    name: 'Rimal Collective',
    nameAr: 'مجموعة رمال',
    region: 'Gulf',
    paletteIndex: 5,
    bio: 'An ambient project born on night drives through the dunes. Drones, breathy ney and slow frame drums, made for wide horizons and documentary scores.',
    bioAr:
      'مشروع موسيقى محيطية وُلد في رحلات ليلية بين الكثبان. أصوات ممتدة وناي يتنفّس وطبول إطار بطيئة، لآفاق واسعة وأفلام وثائقية.',
  },
  {
    key: 'kervan-ensemble',
    name: 'Kervan Ensemble',
    nameAr: 'فرقة كيرفان',
    region: 'Anatolia',
    paletteIndex: 1,
    bio: 'Named after the caravans that crossed Anatolia. Ney, kanun and bendir in the Sufi and Ottoman court traditions, played with a traveller’s ear.',
    bioAr:
      'سُمّيت على اسم القوافل التي عبرت الأناضول. ناي وقانون وبندير في التقاليد الصوفية وموسيقى البلاط العثماني، تُعزف بأذن مسافر.',
  },
  {
    key: 'idris-tafsut',
    name: 'Idris Tafsut',
    nameAr: 'إدريس تافسوت',
    region: 'Maghreb',
    paletteIndex: 2,
    bio: 'An oud player from the Maghreb. His pieces move between Fez, Tlemcen and the Andalusian gardens that their songs still remember.',
    bioAr: 'عازف عود من المغرب الكبير. تتنقّل مقطوعاته بين فاس وتلمسان والحدائق الأندلسية التي ما زالت أغانيها تذكرها.',
  },
  {
    key: 'layal-zahr',
    name: 'Layal Zahr',
    nameAr: 'ليال زهر',
    region: 'Levant',
    paletteIndex: 3,
    bio: 'A qanun soloist from the mountains of the Levant, known for crystalline tremolos and melodies that sound as if they had always been there.',
    bioAr: 'عازفة قانون منفردة من جبال الشام، معروفة بترعيداتها الصافية وبألحان تبدو كأنها كانت هناك منذ الأزل.',
  },
  {
    key: 'golshan-trio',
    name: 'Golshan Trio',
    nameAr: 'ثلاثي كلشن',
    region: 'Persia',
    paletteIndex: 4,
    bio: 'Ney, oud and daf in the spirit of Persian classical music. Slow-burning pieces named after the rose gardens of old Khorasan.',
    bioAr:
      'ناي وعود ودف بروح الموسيقى الفارسية الكلاسيكية. مقطوعات تتّقد على مهل، تحمل أسماء حدائق الورد في خراسان القديمة.',
  },
  {
    key: 'bahr-ensemble',
    name: 'Bahr Ensemble',
    nameAr: 'فرقة بحر',
    region: 'Gulf',
    paletteIndex: 6,
    bio: 'Khaleeji grooves from the coast. Oud, hand drums and qanun carry the songs of pearl divers and harbour weddings into bright modern arrangements.',
    bioAr:
      'إيقاعات خليجية من الساحل. عود وطبول يدوية وقانون تحمل أغاني الغوّاصين على اللؤلؤ وأعراس الموانئ إلى توزيعات حديثة مشرقة.',
  },
];
