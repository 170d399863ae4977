// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

// OpenZeppelin's ERC-2771 forwarder, unchanged: importing it here makes Hardhat compile it and write its
// artifact (artifacts/@openzeppelin/contracts/metatx/ERC2771Forwarder.sol/ERC2771Forwarder.json), which the
// deploy scripts deploy beside GenesisPass and Daily with the EIP-712 domain name "Arcana Forwarder".
// A member signs a ForwardRequest; Arcana's relayer submits it and pays the gas; GenesisPass and Daily
// (ERC2771Context) then act for the signer.
import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";
