// Which carrier this configuration ships with (ADR 0086): Shippo when its key is set, the offline
// carrier otherwise, never both.
import { type Carrier, type CarrierSettings, carrierProviderName } from "./carriers";
import { offlineCarrier } from "./offline-carrier";
import { shippoCarrier } from "./shippo.server";

export function chooseCarrier(settings: CarrierSettings & { PAYMENT_CURRENCY?: string }): Carrier {
  return carrierProviderName(settings) === "shippo"
    ? shippoCarrier(settings, settings.PAYMENT_CURRENCY ?? "usd")
    : offlineCarrier();
}
