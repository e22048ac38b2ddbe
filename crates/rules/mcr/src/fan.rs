//! The 81 fan of MCR §3.8.1 with their points, in the book's order (`docs/rules/mcr.md`).

/// A fan (番), named in pinyin; [`Fan::points`] is its value, [`Fan::number`] its number in the book's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fan {
    /// 1. Big Four Winds (大四喜), 88.
    DaSiXi,
    /// 2. Big Three Dragons (大三元), 88.
    DaSanYuan,
    /// 3. All Green (绿一色), 88.
    LvYiSe,
    /// 4. Nine Gates (九莲宝灯), 88.
    JiuLianBaoDeng,
    /// 5. Four Kongs (四杠), 88.
    SiGang,
    /// 6. Seven Shifted Pairs (连七对), 88.
    LianQiDui,
    /// 7. Thirteen Orphans (十三幺), 88.
    ShiSanYao,
    /// 8. All Terminals (清幺九), 64.
    QingYaoJiu,
    /// 9. Little Four Winds (小四喜), 64.
    XiaoSiXi,
    /// 10. Little Three Dragons (小三元), 64.
    XiaoSanYuan,
    /// 11. All Honors (字一色), 64.
    ZiYiSe,
    /// 12. Four Concealed Pungs (四暗刻), 64.
    SiAnKe,
    /// 13. Pure Terminal Chows (一色双龙会), 64.
    YiSeShuangLongHui,
    /// 14. Quadruple Chow (一色四同顺), 48.
    YiSeSiTongShun,
    /// 15. Four Pure Shifted Pungs (一色四节高), 48.
    YiSeSiJieGao,
    /// 16. Four Pure Shifted Chows (一色四步高), 32.
    YiSeSiBuGao,
    /// 17. Three Kongs (三杠), 32.
    SanGang,
    /// 18. All Terminals and Honors (混幺九), 32.
    HunYaoJiu,
    /// 19. Seven Pairs (七对), 24.
    QiDui,
    /// 20. Greater Honors and Knitted Tiles (七星不靠), 24.
    QiXingBuKao,
    /// 21. All Even Pungs (全双刻), 24.
    QuanShuangKe,
    /// 22. Full Flush (清一色), 24.
    QingYiSe,
    /// 23. Pure Triple Chow (一色三同顺), 24.
    YiSeSanTongShun,
    /// 24. Pure Shifted Pungs (一色三节高), 24.
    YiSeSanJieGao,
    /// 25. Upper Tiles (全大), 24.
    QuanDa,
    /// 26. Middle Tiles (全中), 24.
    QuanZhong,
    /// 27. Lower Tiles (全小), 24.
    QuanXiao,
    /// 28. Pure Straight (清龙), 16.
    QingLong,
    /// 29. Three-Suited Terminal Chows (三色双龙会), 16.
    SanSeShuangLongHui,
    /// 30. Pure Shifted Chows (一色三步高), 16.
    YiSeSanBuGao,
    /// 31. All Fives (全带五), 16.
    QuanDaiWu,
    /// 32. Triple Pung (三同刻), 16.
    SanTongKe,
    /// 33. Three Concealed Pungs (三暗刻), 16.
    SanAnKe,
    /// 34. Lesser Honors and Knitted Tiles (全不靠), 12.
    QuanBuKao,
    /// 35. Knitted Straight (组合龙), 12.
    ZuHeLong,
    /// 36. Upper Four (大于五), 12.
    DaYuWu,
    /// 37. Lower Four (小于五), 12.
    XiaoYuWu,
    /// 38. Big Three Winds (三风刻), 12.
    SanFengKe,
    /// 39. Mixed Straight (花龙), 8.
    HuaLong,
    /// 40. Reversible Tiles (推不倒), 8.
    TuiBuDao,
    /// 41. Mixed Triple Chow (三色三同顺), 8.
    SanSeSanTongShun,
    /// 42. Mixed Shifted Pungs (三色三节高), 8.
    SanSeSanJieGao,
    /// 43. Chicken Hand (无番和), 8.
    WuFanHu,
    /// 44. Last Tile Draw (妙手回春), 8.
    MiaoShouHuiChun,
    /// 45. Last Tile Claim (海底捞月), 8.
    HaiDiLaoYue,
    /// 46. Out with Replacement Tile (杠上开花), 8.
    GangShangKaiHua,
    /// 47. Robbing the Kong (抢杠和), 8.
    QiangGangHu,
    /// 48. Two Concealed Kongs (双暗杠), 8.
    ShuangAnGang,
    /// 49. All Pungs (碰碰和), 6.
    PengPengHu,
    /// 50. Half Flush (混一色), 6.
    HunYiSe,
    /// 51. Mixed Shifted Chows (三色三步高), 6.
    SanSeSanBuGao,
    /// 52. All Types (五门齐), 6.
    WuMenQi,
    /// 53. Melded Hand (全求人), 6.
    QuanQiuRen,
    /// 54. Two Dragon Pungs (双箭刻), 6.
    ShuangJianKe,
    /// 55. Outside Hand (全带幺), 4.
    QuanDaiYao,
    /// 56. Fully Concealed Hand (不求人), 4.
    BuQiuRen,
    /// 57. Two Melded Kongs (双明杠), 4.
    ShuangMingGang,
    /// 58. Last Tile (和绝张), 4.
    HuJueZhang,
    /// 59. Dragon Pung (箭刻), 2.
    JianKe,
    /// 60. Prevalent Wind (圈风刻), 2.
    QuanFengKe,
    /// 61. Seat Wind (门风刻), 2.
    MenFengKe,
    /// 62. Concealed Hand (门前清), 2.
    MenQianQing,
    /// 63. All Chows (平和), 2.
    PingHu,
    /// 64. Tile Hog (四归一), 2.
    SiGuiYi,
    /// 65. Double Pung (双同刻), 2.
    ShuangTongKe,
    /// 66. Two Concealed Pungs (双暗刻), 2.
    ShuangAnKe,
    /// 67. Concealed Kong (暗杠), 2.
    AnGang,
    /// 68. All Simples (断幺), 2.
    DuanYao,
    /// 69. Pure Double Chow (一般高), 1.
    YiBanGao,
    /// 70. Mixed Double Chow (喜相逢), 1.
    XiXiangFeng,
    /// 71. Short Straight (连六), 1.
    LianLiu,
    /// 72. Two Terminal Chows (老少副), 1.
    LaoShaoFu,
    /// 73. Pung of Terminals or Honors (幺九刻), 1.
    YaoJiuKe,
    /// 74. Melded Kong (明杠), 1.
    MingGang,
    /// 75. One Voided Suit (缺一门), 1.
    QueYiMen,
    /// 76. No Honors (无字), 1.
    WuZi,
    /// 77. Edge Wait (边张), 1.
    BianZhang,
    /// 78. Closed Wait (坎张), 1.
    KanZhang,
    /// 79. Single Wait (单钓将), 1.
    DanDiaoJiang,
    /// 80. Self-Drawn (自摸), 1.
    ZiMo,
    /// 81. Flower Tiles (花牌), 1.
    HuaPai,
}

/// How many fan there are.
pub const FAN_COUNT: usize = 81;

impl Fan {
    /// Every fan, in the book's order.
    pub const ALL: [Fan; FAN_COUNT] = [
        Fan::DaSiXi,
        Fan::DaSanYuan,
        Fan::LvYiSe,
        Fan::JiuLianBaoDeng,
        Fan::SiGang,
        Fan::LianQiDui,
        Fan::ShiSanYao,
        Fan::QingYaoJiu,
        Fan::XiaoSiXi,
        Fan::XiaoSanYuan,
        Fan::ZiYiSe,
        Fan::SiAnKe,
        Fan::YiSeShuangLongHui,
        Fan::YiSeSiTongShun,
        Fan::YiSeSiJieGao,
        Fan::YiSeSiBuGao,
        Fan::SanGang,
        Fan::HunYaoJiu,
        Fan::QiDui,
        Fan::QiXingBuKao,
        Fan::QuanShuangKe,
        Fan::QingYiSe,
        Fan::YiSeSanTongShun,
        Fan::YiSeSanJieGao,
        Fan::QuanDa,
        Fan::QuanZhong,
        Fan::QuanXiao,
        Fan::QingLong,
        Fan::SanSeShuangLongHui,
        Fan::YiSeSanBuGao,
        Fan::QuanDaiWu,
        Fan::SanTongKe,
        Fan::SanAnKe,
        Fan::QuanBuKao,
        Fan::ZuHeLong,
        Fan::DaYuWu,
        Fan::XiaoYuWu,
        Fan::SanFengKe,
        Fan::HuaLong,
        Fan::TuiBuDao,
        Fan::SanSeSanTongShun,
        Fan::SanSeSanJieGao,
        Fan::WuFanHu,
        Fan::MiaoShouHuiChun,
        Fan::HaiDiLaoYue,
        Fan::GangShangKaiHua,
        Fan::QiangGangHu,
        Fan::ShuangAnGang,
        Fan::PengPengHu,
        Fan::HunYiSe,
        Fan::SanSeSanBuGao,
        Fan::WuMenQi,
        Fan::QuanQiuRen,
        Fan::ShuangJianKe,
        Fan::QuanDaiYao,
        Fan::BuQiuRen,
        Fan::ShuangMingGang,
        Fan::HuJueZhang,
        Fan::JianKe,
        Fan::QuanFengKe,
        Fan::MenFengKe,
        Fan::MenQianQing,
        Fan::PingHu,
        Fan::SiGuiYi,
        Fan::ShuangTongKe,
        Fan::ShuangAnKe,
        Fan::AnGang,
        Fan::DuanYao,
        Fan::YiBanGao,
        Fan::XiXiangFeng,
        Fan::LianLiu,
        Fan::LaoShaoFu,
        Fan::YaoJiuKe,
        Fan::MingGang,
        Fan::QueYiMen,
        Fan::WuZi,
        Fan::BianZhang,
        Fan::KanZhang,
        Fan::DanDiaoJiang,
        Fan::ZiMo,
        Fan::HuaPai,
    ];

    /// Its points (the value of one instance).
    pub fn points(self) -> u32 {
        POINTS[self as usize]
    }

    /// Its number in the book's table, 1–81.
    pub fn number(self) -> usize {
        self as usize + 1
    }

    /// Its English name as the digest writes it.
    pub fn english(self) -> &'static str {
        ENGLISH[self as usize]
    }

    /// Its Chinese name (simplified characters), as the digest and PyMahjongGB write it.
    pub fn chinese(self) -> &'static str {
        CHINESE[self as usize]
    }

    /// Its name in pinyin with tone marks (`qīng lóng`).
    pub fn pinyin(self) -> &'static str {
        PINYIN[self as usize]
    }

    /// The text id of its name in the referee's language (`mcr.fan.qing_long`).
    pub fn name_id(self) -> &'static str {
        NAME_IDS[self as usize]
    }
}

const POINTS: [u32; FAN_COUNT] = [
    88, 88, 88, 88, 88, 88, 88, 64, 64, 64, 64, 64, 64, 48, 48, 32, 32, 32, 24, 24, 24, 24, 24, 24, 24, 24, 24, 16, 16,
    16, 16, 16, 16, 12, 12, 12, 12, 12, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
];

const ENGLISH: [&str; FAN_COUNT] = [
    "Big Four Winds",
    "Big Three Dragons",
    "All Green",
    "Nine Gates",
    "Four Kongs",
    "Seven Shifted Pairs",
    "Thirteen Orphans",
    "All Terminals",
    "Little Four Winds",
    "Little Three Dragons",
    "All Honors",
    "Four Concealed Pungs",
    "Pure Terminal Chows",
    "Quadruple Chow",
    "Four Pure Shifted Pungs",
    "Four Pure Shifted Chows",
    "Three Kongs",
    "All Terminals and Honors",
    "Seven Pairs",
    "Greater Honors and Knitted Tiles",
    "All Even Pungs",
    "Full Flush",
    "Pure Triple Chow",
    "Pure Shifted Pungs",
    "Upper Tiles",
    "Middle Tiles",
    "Lower Tiles",
    "Pure Straight",
    "Three-Suited Terminal Chows",
    "Pure Shifted Chows",
    "All Fives",
    "Triple Pung",
    "Three Concealed Pungs",
    "Lesser Honors and Knitted Tiles",
    "Knitted Straight",
    "Upper Four",
    "Lower Four",
    "Big Three Winds",
    "Mixed Straight",
    "Reversible Tiles",
    "Mixed Triple Chow",
    "Mixed Shifted Pungs",
    "Chicken Hand",
    "Last Tile Draw",
    "Last Tile Claim",
    "Out with Replacement Tile",
    "Robbing the Kong",
    "Two Concealed Kongs",
    "All Pungs",
    "Half Flush",
    "Mixed Shifted Chows",
    "All Types",
    "Melded Hand",
    "Two Dragon Pungs",
    "Outside Hand",
    "Fully Concealed Hand",
    "Two Melded Kongs",
    "Last Tile",
    "Dragon Pung",
    "Prevalent Wind",
    "Seat Wind",
    "Concealed Hand",
    "All Chows",
    "Tile Hog",
    "Double Pung",
    "Two Concealed Pungs",
    "Concealed Kong",
    "All Simples",
    "Pure Double Chow",
    "Mixed Double Chow",
    "Short Straight",
    "Two Terminal Chows",
    "Pung of Terminals or Honors",
    "Melded Kong",
    "One Voided Suit",
    "No Honors",
    "Edge Wait",
    "Closed Wait",
    "Single Wait",
    "Self-Drawn",
    "Flower Tiles",
];

const CHINESE: [&str; FAN_COUNT] = [
    "大四喜",
    "大三元",
    "绿一色",
    "九莲宝灯",
    "四杠",
    "连七对",
    "十三幺",
    "清幺九",
    "小四喜",
    "小三元",
    "字一色",
    "四暗刻",
    "一色双龙会",
    "一色四同顺",
    "一色四节高",
    "一色四步高",
    "三杠",
    "混幺九",
    "七对",
    "七星不靠",
    "全双刻",
    "清一色",
    "一色三同顺",
    "一色三节高",
    "全大",
    "全中",
    "全小",
    "清龙",
    "三色双龙会",
    "一色三步高",
    "全带五",
    "三同刻",
    "三暗刻",
    "全不靠",
    "组合龙",
    "大于五",
    "小于五",
    "三风刻",
    "花龙",
    "推不倒",
    "三色三同顺",
    "三色三节高",
    "无番和",
    "妙手回春",
    "海底捞月",
    "杠上开花",
    "抢杠和",
    "双暗杠",
    "碰碰和",
    "混一色",
    "三色三步高",
    "五门齐",
    "全求人",
    "双箭刻",
    "全带幺",
    "不求人",
    "双明杠",
    "和绝张",
    "箭刻",
    "圈风刻",
    "门风刻",
    "门前清",
    "平和",
    "四归一",
    "双同刻",
    "双暗刻",
    "暗杠",
    "断幺",
    "一般高",
    "喜相逢",
    "连六",
    "老少副",
    "幺九刻",
    "明杠",
    "缺一门",
    "无字",
    "边张",
    "坎张",
    "单钓将",
    "自摸",
    "花牌",
];

/// How many times each fan counts, indexed by `Fan as usize`.
pub(crate) type Table = [u8; FAN_COUNT];

/// Adds one instance of `fan`.
pub(crate) fn add(table: &mut Table, fan: Fan) {
    table[fan as usize] = table[fan as usize].saturating_add(1);
}

/// Sets `fan` to count once.
pub(crate) fn set(table: &mut Table, fan: Fan) {
    table[fan as usize] = 1;
}

/// Removes every instance of each of `fans` (a fan not counted).
pub(crate) fn drop(table: &mut Table, fans: &[Fan]) {
    fans.iter().for_each(|&f| table[f as usize] = 0);
}

/// Whether `fan` counts.
pub(crate) fn has(table: &Table, fan: Fan) -> bool {
    table[fan as usize] > 0
}

/// The table's points (flowers included when they are in it).
pub(crate) fn points(table: &Table) -> u32 {
    Fan::ALL.iter().map(|&f| f.points() * u32::from(table[f as usize])).sum()
}
/// Each fan's name in pinyin with its tones, as the digest writes it.
const PINYIN: [&str; FAN_COUNT] = [
    "dà sì xǐ",
    "dà sān yuán",
    "lǜ yī sè",
    "jiǔ lián bǎo dēng",
    "sì gàng",
    "lián qī duì",
    "shí sān yāo",
    "qīng yāo jiǔ",
    "xiǎo sì xǐ",
    "xiǎo sān yuán",
    "zì yī sè",
    "sì àn kè",
    "yī sè shuāng lóng huì",
    "yī sè sì tóng shùn",
    "yī sè sì jié gāo",
    "yī sè sì bù gāo",
    "sān gàng",
    "hùn yāo jiǔ",
    "qī duì",
    "qī xīng bù kào",
    "quán shuāng kè",
    "qīng yī sè",
    "yī sè sān tóng shùn",
    "yī sè sān jié gāo",
    "quán dà",
    "quán zhōng",
    "quán xiǎo",
    "qīng lóng",
    "sān sè shuāng lóng huì",
    "yī sè sān bù gāo",
    "quán dài wǔ",
    "sān tóng kè",
    "sān àn kè",
    "quán bù kào",
    "zǔ hé lóng",
    "dà yú wǔ",
    "xiǎo yú wǔ",
    "sān fēng kè",
    "huā lóng",
    "tuī bù dǎo",
    "sān sè sān tóng shùn",
    "sān sè sān jié gāo",
    "wú fān hú",
    "miào shǒu huí chūn",
    "hǎi dǐ lāo yuè",
    "gàng shàng kāi huā",
    "qiāng gàng hú",
    "shuāng àn gàng",
    "pèng pèng hú",
    "hùn yī sè",
    "sān sè sān bù gāo",
    "wǔ mén qí",
    "quán qiú rén",
    "shuāng jiàn kè",
    "quán dài yāo",
    "bù qiú rén",
    "shuāng míng gàng",
    "hú jué zhāng",
    "jiàn kè",
    "quān fēng kè",
    "mén fēng kè",
    "mén qián qīng",
    "píng hú",
    "sì guī yī",
    "shuāng tóng kè",
    "shuāng àn kè",
    "àn gàng",
    "duàn yāo",
    "yī bān gāo",
    "xǐ xiāng féng",
    "lián liù",
    "lǎo shào fù",
    "yāo jiǔ kè",
    "míng gàng",
    "quē yī mén",
    "wú zì",
    "biān zhāng",
    "kǎn zhāng",
    "dān diào jiàng",
    "zì mō",
    "huā pái",
];

/// The text id of each fan's name in the referee's language.
const NAME_IDS: [&str; FAN_COUNT] = [
    crate::text_id!("mcr.fan.da_si_xi"),
    crate::text_id!("mcr.fan.da_san_yuan"),
    crate::text_id!("mcr.fan.lv_yi_se"),
    crate::text_id!("mcr.fan.jiu_lian_bao_deng"),
    crate::text_id!("mcr.fan.si_gang"),
    crate::text_id!("mcr.fan.lian_qi_dui"),
    crate::text_id!("mcr.fan.shi_san_yao"),
    crate::text_id!("mcr.fan.qing_yao_jiu"),
    crate::text_id!("mcr.fan.xiao_si_xi"),
    crate::text_id!("mcr.fan.xiao_san_yuan"),
    crate::text_id!("mcr.fan.zi_yi_se"),
    crate::text_id!("mcr.fan.si_an_ke"),
    crate::text_id!("mcr.fan.yi_se_shuang_long_hui"),
    crate::text_id!("mcr.fan.yi_se_si_tong_shun"),
    crate::text_id!("mcr.fan.yi_se_si_jie_gao"),
    crate::text_id!("mcr.fan.yi_se_si_bu_gao"),
    crate::text_id!("mcr.fan.san_gang"),
    crate::text_id!("mcr.fan.hun_yao_jiu"),
    crate::text_id!("mcr.fan.qi_dui"),
    crate::text_id!("mcr.fan.qi_xing_bu_kao"),
    crate::text_id!("mcr.fan.quan_shuang_ke"),
    crate::text_id!("mcr.fan.qing_yi_se"),
    crate::text_id!("mcr.fan.yi_se_san_tong_shun"),
    crate::text_id!("mcr.fan.yi_se_san_jie_gao"),
    crate::text_id!("mcr.fan.quan_da"),
    crate::text_id!("mcr.fan.quan_zhong"),
    crate::text_id!("mcr.fan.quan_xiao"),
    crate::text_id!("mcr.fan.qing_long"),
    crate::text_id!("mcr.fan.san_se_shuang_long_hui"),
    crate::text_id!("mcr.fan.yi_se_san_bu_gao"),
    crate::text_id!("mcr.fan.quan_dai_wu"),
    crate::text_id!("mcr.fan.san_tong_ke"),
    crate::text_id!("mcr.fan.san_an_ke"),
    crate::text_id!("mcr.fan.quan_bu_kao"),
    crate::text_id!("mcr.fan.zu_he_long"),
    crate::text_id!("mcr.fan.da_yu_wu"),
    crate::text_id!("mcr.fan.xiao_yu_wu"),
    crate::text_id!("mcr.fan.san_feng_ke"),
    crate::text_id!("mcr.fan.hua_long"),
    crate::text_id!("mcr.fan.tui_bu_dao"),
    crate::text_id!("mcr.fan.san_se_san_tong_shun"),
    crate::text_id!("mcr.fan.san_se_san_jie_gao"),
    crate::text_id!("mcr.fan.wu_fan_hu"),
    crate::text_id!("mcr.fan.miao_shou_hui_chun"),
    crate::text_id!("mcr.fan.hai_di_lao_yue"),
    crate::text_id!("mcr.fan.gang_shang_kai_hua"),
    crate::text_id!("mcr.fan.qiang_gang_hu"),
    crate::text_id!("mcr.fan.shuang_an_gang"),
    crate::text_id!("mcr.fan.peng_peng_hu"),
    crate::text_id!("mcr.fan.hun_yi_se"),
    crate::text_id!("mcr.fan.san_se_san_bu_gao"),
    crate::text_id!("mcr.fan.wu_men_qi"),
    crate::text_id!("mcr.fan.quan_qiu_ren"),
    crate::text_id!("mcr.fan.shuang_jian_ke"),
    crate::text_id!("mcr.fan.quan_dai_yao"),
    crate::text_id!("mcr.fan.bu_qiu_ren"),
    crate::text_id!("mcr.fan.shuang_ming_gang"),
    crate::text_id!("mcr.fan.hu_jue_zhang"),
    crate::text_id!("mcr.fan.jian_ke"),
    crate::text_id!("mcr.fan.quan_feng_ke"),
    crate::text_id!("mcr.fan.men_feng_ke"),
    crate::text_id!("mcr.fan.men_qian_qing"),
    crate::text_id!("mcr.fan.ping_hu"),
    crate::text_id!("mcr.fan.si_gui_yi"),
    crate::text_id!("mcr.fan.shuang_tong_ke"),
    crate::text_id!("mcr.fan.shuang_an_ke"),
    crate::text_id!("mcr.fan.an_gang"),
    crate::text_id!("mcr.fan.duan_yao"),
    crate::text_id!("mcr.fan.yi_ban_gao"),
    crate::text_id!("mcr.fan.xi_xiang_feng"),
    crate::text_id!("mcr.fan.lian_liu"),
    crate::text_id!("mcr.fan.lao_shao_fu"),
    crate::text_id!("mcr.fan.yao_jiu_ke"),
    crate::text_id!("mcr.fan.ming_gang"),
    crate::text_id!("mcr.fan.que_yi_men"),
    crate::text_id!("mcr.fan.wu_zi"),
    crate::text_id!("mcr.fan.bian_zhang"),
    crate::text_id!("mcr.fan.kan_zhang"),
    crate::text_id!("mcr.fan.dan_diao_jiang"),
    crate::text_id!("mcr.fan.zi_mo"),
    crate::text_id!("mcr.fan.hua_pai"),
];
