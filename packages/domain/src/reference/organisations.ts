import { COUNTRIES } from './countries.ts';
import { pilotById, type Pilot } from './pilots.ts';

export interface Organisation {
  orgid: number;
  name: string;
  abbr: string;
  countryid: number;
  country: string;
  pilotids: { pilotid: number; name: string }[];
}

function org(orgid: number, name: string, abbr: string, countryid: number, pilots: number[]): Organisation {
  const country = COUNTRIES.find((c) => c.countryid === countryid);
  if (!country) throw new Error(`unknown country ${countryid}`);
  return {
    orgid, name, abbr, countryid, country: country.country,
    pilotids: pilots.map((id) => {
      const pilot = pilotById(id) as Pilot;
      return { pilotid: pilot.pilotid, name: pilot.name };
    }),
  };
}

/** The study's care centres (SPEC §3: a fixed list of about 43). `abbr` is the token's `organisation` claim. */
export const ORGANISATIONS: readonly Organisation[] = [
  org(1, 'Athens Geriatric Care Centre', 'ATH-GCC', 2, [1, 7]),
  org(2, 'Thessaloniki Hearing and Balance Clinic', 'THE-HBC', 2, [1, 7]),
  org(3, 'Patras Elderly Health Unit', 'PAT-EHU', 2, [1, 7]),
  org(4, 'Heraklion Primary Care Centre', 'HER-PCC', 2, [1, 7]),
  org(5, 'Ioannina Memory Clinic', 'IOA-MEM', 2, [1, 7]),
  org(6, 'Larissa Community Care', 'LAR-CC', 2, [1]),
  org(7, 'Piraeus Cardiology Outpatients', 'PIR-CAR', 2, [1, 7]),
  org(8, 'Milan Geriatric Institute', 'MIL-GER', 4, [2, 7]),
  org(9, 'Rome Ageing Research Centre', 'ROM-ARC', 4, [2, 7]),
  org(10, 'Turin Audiology Unit', 'TOR-AUD', 4, [2, 7]),
  org(11, 'Bologna Frailty Clinic', 'BOL-FRA', 4, [2, 7]),
  org(12, 'Naples Memory Centre', 'NAP-MEM', 4, [2, 7]),
  org(13, 'Florence Balance Laboratory', 'FLO-BAL', 4, [2]),
  org(14, 'Lisbon Elderly Care Centre', 'LIS-ECC', 6, [2, 7]),
  org(15, 'Porto Health Ageing Unit', 'OPO-HAU', 6, [2, 7]),
  org(16, 'Coimbra University Geriatrics', 'COI-GER', 6, [2, 7]),
  org(17, 'Braga Community Health', 'BRA-CH', 6, [2, 7]),
  org(18, 'Funchal Care Centre', 'FNC-CC', 6, [2]),
  org(19, 'Paris Gerontology Hospital', 'PAR-GER', 1, [3, 7]),
  org(20, 'Lyon Balance and Falls Centre', 'LYO-BFC', 1, [3, 7]),
  org(21, 'Toulouse Frailty Platform', 'TLS-FRA', 1, [3, 7]),
  org(22, 'Nantes Memory Centre', 'NTE-MEM', 1, [3, 7]),
  org(23, 'Lille Hearing Clinic', 'LIL-HEA', 1, [3, 7]),
  org(24, 'Marseille Elderly Care', 'MRS-EC', 1, [3]),
  org(25, 'Madrid Geriatric Hospital', 'MAD-GER', 8, [4, 7]),
  org(26, 'Barcelona Healthy Ageing Centre', 'BCN-HAC', 8, [4, 7]),
  org(27, 'Valencia Falls Prevention Unit', 'VLC-FPU', 8, [4, 7]),
  org(28, 'Seville Primary Care Centre', 'SVQ-PCC', 8, [4, 7]),
  org(29, 'Bilbao Audiology Service', 'BIO-AUD', 8, [4, 7]),
  org(30, 'Zaragoza Memory Unit', 'ZAZ-MEM', 8, [4]),
  org(31, 'Bucharest Geriatrics Institute', 'BUC-GER', 7, [5, 7]),
  org(32, 'Cluj Healthy Ageing Centre', 'CLJ-HAC', 7, [5, 7]),
  org(33, 'Iasi Cardiology Clinic', 'IAS-CAR', 7, [5, 7]),
  org(34, 'Timisoara Elderly Care', 'TSR-EC', 7, [5, 7]),
  org(35, 'Constanta Community Care', 'CND-CC', 7, [5]),
  org(36, 'Tel Aviv Balance Research Lab', 'TLV-BAL', 3, [6, 7]),
  org(37, 'Amsterdam Ageing Research', 'AMS-AR', 5, [6, 7]),
  org(38, 'Geneva Geriatrics Centre', 'GVA-GER', 9, [6, 7]),
  org(39, 'London Hearing Research Unit', 'LON-HRU', 10, [6, 7]),
  org(40, 'Manchester Falls Clinic', 'MAN-FAL', 10, [6, 7]),
  org(41, 'Geria Testing Centre', 'TEST', 1, [7]),
  org(42, 'Geria Quality Assurance', 'QA', 4, [7]),
  org(43, 'Unassigned Organisation', 'UNDEF', 10, [9]),
];
